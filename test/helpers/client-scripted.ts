import {
  createCollabClient,
  type CollabClient,
  type Fetch,
  type RetryEvent,
  type RetryOptions,
} from '../../generated/client/index.js';

export const STREAM = { id: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e', title: 't' };
const streamId = STREAM.id;
type Answer = number | Error | { status: number; headers?: Record<string, string> };

/** A fetch that answers from a script, one answer per try (the last repeats), and records what each try sent. */
export function scripted(...answers: Answer[]) {
  const sent: { method: string; headers: Headers; body: string }[] = [];
  const fetch: Fetch = async (request) => {
    if (request.signal.aborted) throw request.signal.reason;
    sent.push({ method: request.method, headers: request.headers, body: await request.text() });
    const answer = answers[Math.min(sent.length, answers.length) - 1]!;
    if (answer instanceof Error) throw answer;
    const { status, headers = {} } = typeof answer === 'number' ? { status: answer } : answer;
    return new Response(status === 304 ? null : JSON.stringify(status < 300 ? STREAM : { status }), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  };
  return { sent, fetch };
}

/** The client on that fetch, retrying without waiting unless told (backoff 0), its retries recorded. */
export function clientOn({ fetch }: ReturnType<typeof scripted>, retry: RetryOptions | false = {}) {
  const retries: RetryEvent[] = [];
  const client = createCollabClient({
    baseUrl: 'http://api.test',
    fetch,
    retry: retry === false ? false : { backoffMs: 0, onRetry: (event) => retries.push(event), ...retry },
  });
  return { client, retries };
}
export const create = (client: CollabClient, key?: string) =>
  client.POST('/api/streams', {
    body: { title: 't' },
    ...(key === undefined ? {} : { params: { header: { 'Idempotency-Key': key } } }),
  });
export const read = (client: CollabClient, init: { fetch?: Fetch; signal?: AbortSignal } = {}) =>
  client.GET('/api/streams/{streamId}', { params: { path: { streamId } }, ...init });
