import { expect } from 'chai';
import {
  createCollabClient,
  etagOf,
  retrying,
  type Fetch,
  type RetryEvent,
  type RetryOptions,
} from '../../generated/client/index.js';

const STREAM = { id: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e', title: 't' };
const streamId = STREAM.id;
type Answer = number | Error | { status: number; headers?: Record<string, string> };

/** A fetch that answers from a script, one answer per try (the last repeats), and records what each try sent. */
function scripted(...answers: Answer[]) {
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
function clientOn({ fetch }: ReturnType<typeof scripted>, retry: RetryOptions | false = {}) {
  const retries: RetryEvent[] = [];
  const client = createCollabClient({
    baseUrl: 'http://api.test',
    fetch,
    retry: retry === false ? false : { backoffMs: 0, onRetry: (event) => retries.push(event), ...retry },
  });
  return { client, retries };
}
const create = (client: ReturnType<typeof createCollabClient>, key?: string) =>
  client.POST('/api/streams', {
    body: { title: 't' },
    ...(key === undefined ? {} : { params: { header: { 'Idempotency-Key': key } } }),
  });
const read = (client: ReturnType<typeof createCollabClient>, init: { fetch?: Fetch; signal?: AbortSignal } = {}) =>
  client.GET('/api/streams/{streamId}', { params: { path: { streamId } }, ...init });

describe("the client's retries and keys (generated/client/retry.ts, client.ts)", () => {
  describe('Idempotency-Key', () => {
    it('when POSTs are sent, then each carries a new key, a quoted UUID (IETF draft), and other methods none', async () => {
      const fetch = scripted(201);
      const { client } = clientOn(fetch);
      await create(client);
      await create(client);
      await read(client);
      const keys = fetch.sent.map((each) => each.headers.get('Idempotency-Key'));
      expect(keys[0]).to.match(/^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/);
      expect(keys[1]).to.not.equal(keys[0]);
      expect(keys[2]).to.equal(null);
    });
    it('when a POST is retried after 503, 429 and a network error, then every try sends the same key and body, and the last answer is returned', async () => {
      const fetch = scripted(503, 429, new TypeError('fetch failed'), 201);
      const { client, retries } = clientOn(fetch, { attempts: 4 });
      expect((await create(client)).data).to.deep.equal(STREAM);
      expect(new Set(fetch.sent.map((each) => each.headers.get('Idempotency-Key'))).size).to.equal(1);
      expect(fetch.sent.map((each) => each.body)).to.deep.equal(Array(4).fill('{"title":"t"}'));
      expect(retries.map((retry) => retry.status ?? 'network')).to.deep.equal([503, 429, 'network']);
    });
    it('when the call gives its own key (the declared header parameter), then that one is sent', async () => {
      const fetch = scripted(201);
      await create(clientOn(fetch).client, '"mine"');
      expect(fetch.sent.map((each) => each.headers.get('Idempotency-Key'))).to.deep.equal(['"mine"']);
    });
  });

  describe('what is retried', () => {
    it('when an idempotent call keeps getting 503, then it is tried `attempts` times and answers the 503', async () => {
      const fetch = scripted(503);
      expect((await read(clientOn(fetch).client)).response.status).to.equal(503);
      expect(fetch.sent).to.have.length(3); // the default
    });
    it('when a PATCH gets 503 or a network error, then it is not retried: a merge patch is not idempotent', async () => {
      for (const answer of [503, new TypeError('fetch failed')]) {
        const fetch = scripted(answer, 200);
        await clientOn(fetch)
          .client.PATCH('/api/streams/nav', { body: { sort: 'x' } })
          .catch(() => undefined);
        expect(fetch.sent, String(answer)).to.have.length(1);
      }
    });
    it('when the answer is another error (400, 409, 500), then it is not retried', async () => {
      for (const status of [400, 409, 500]) {
        const fetch = scripted(status, 200);
        expect((await read(clientOn(fetch).client)).response.status, String(status)).to.equal(status);
        expect(fetch.sent).to.have.length(1);
      }
    });
    it("when retries are off (the client's retry: false, or a call's own fetch: retrying(false)), then one try; a call's own retrying wins", async () => {
      const off = scripted(503, 200);
      await read(clientOn(off, false).client);
      const call = scripted(503, 503, 200);
      const { client } = clientOn(call);
      expect((await read(client, { fetch: retrying(false, call.fetch) })).response.status).to.equal(503);
      expect((await read(client, { fetch: retrying({ attempts: 2, backoffMs: 0 }, call.fetch) })).data).to.deep.equal(
        STREAM,
      );
      expect([off.sent.length, call.sent.length]).to.deep.equal([1, 3]);
    });
    it('when retrying gets a POST without a key, then it is sent once', async () => {
      const fetch = scripted(503, 201);
      const response = await retrying(
        { backoffMs: 0 },
        fetch.fetch,
      )(new Request('http://api.test/x', { method: 'POST' }));
      expect([response.status, fetch.sent.length]).to.deep.equal([503, 1]);
    });
  });

  describe('Retry-After and the waits', () => {
    it('when Retry-After says seconds or a date, then the wait is that long', async () => {
      const fetch = scripted(
        { status: 503, headers: { 'Retry-After': '1' } },
        { status: 429, headers: { 'Retry-After': 'Thu, 01 Jan 2026 00:00:00 GMT' } },
        200,
      );
      const { client, retries } = clientOn(fetch);
      await read(client);
      expect(retries.map((retry) => retry.delayMs)).to.deep.equal([1000, 0]); // a date already past: at once
    });
    it('when Retry-After asks for longer than maxDelayMs, then the answer is returned without waiting', async () => {
      const fetch = scripted({ status: 429, headers: { 'Retry-After': '60' } }, 200);
      const { client, retries } = clientOn(fetch, { maxDelayMs: 5000 });
      expect((await read(client)).response.status).to.equal(429);
      expect([fetch.sent.length, retries.length]).to.deep.equal([1, 0]);
    });
    it('when there is no Retry-After, then the backoff doubles, with jitter: half to all of 8 ms, then of 16 ms', async () => {
      const fetch = scripted(503, 503, 200);
      const { client, retries } = clientOn(fetch, { backoffMs: 8 });
      await read(client);
      const [first, second] = retries.map((retry) => retry.delayMs);
      expect(first).to.be.within(4, 8);
      expect(second).to.be.within(8, 16);
    });
    it('when the signal aborts during a wait, then the call rejects with the abort and nothing more is sent', async () => {
      const fetch = scripted({ status: 503, headers: { 'Retry-After': '5' } }, 200);
      const controller = new AbortController();
      const { client } = clientOn(fetch, { onRetry: () => controller.abort() });
      const error = await read(client, { signal: controller.signal }).catch((caught: unknown) => caught);
      expect([(error as Error).name, fetch.sent.length]).to.deep.equal(['AbortError', 1]);
    });
  });

  describe('ETag, If-Match, If-None-Match', () => {
    it("when a call sends the ETag it read (the declared header parameters), then If-Match and If-None-Match carry it, and a 304 is the response's status", async () => {
      const fetch = scripted({ status: 200, headers: { ETag: '"v1"' } }, { status: 304, headers: { ETag: '"v1"' } });
      const { client } = clientOn(fetch);
      const etag = etagOf((await client.GET('/api/streams/nav')).response);
      await client.PATCH('/api/streams/nav', { params: { header: { 'If-Match': etag } }, body: { sort: 'x' } });
      const { data, response } = await client.GET('/api/streams/nav', {
        params: { header: { 'If-None-Match': etag } },
      });
      const [, patch, get] = fetch.sent;
      expect([etag, patch!.headers.get('If-Match'), get!.headers.get('If-None-Match')]).to.deep.equal(
        Array(3).fill('"v1"'),
      );
      expect([response.status, data, etagOf(response)]).to.deep.equal([304, undefined, '"v1"']);
      expect(etagOf(new Response(null))).to.equal(undefined);
    });
  });
});
