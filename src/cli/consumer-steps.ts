import { isPreflight, preflightHeaders } from '../lib/cors-preflight.js';
import type { Expectation, StartingState } from '../lib/expectations.js';
import type { IdMap } from '../lib/id-map.js';

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * Sends a step's request to `base`: its path and body with the ids learnt so far, the headers that change its
 * answer; a CORS preflight with what the browser asked.
 */
export async function send(base: string, { request }: Expectation, ids: IdMap): Promise<Answer> {
  const headers = isPreflight(request.method, request.headers)
    ? preflightHeaders(request.headers)
    : ids.headers(request.headers);
  if (request.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(base + ids.apply(request.path), {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: ids.apply(JSON.stringify(request.body)) }),
  });
  const text = await response.text();
  try {
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  } catch {
    return { status: response.status, headers: response.headers, body: text };
  }
}

/** "the examples' seed" or "scenario <name>", and the clock and seed its session was reset with. */
export function stateName({ from, scenario, clock, seed }: StartingState): string {
  const set = [clock && `clock ${clock}`, seed && `seed ${seed}`].filter(Boolean).join(', ');
  return `${from === 'scenario' ? `scenario ${scenario}` : "the examples' seed"}${set ? ` (${set})` : ''}`;
}

/** The most a write refused 429 is waited for while a state is set up (the target's own rate limit). */
const MOST_WAIT_SECONDS = 60;

/**
 * Sets `state` up on the server at `base` through the API, step by step, learning the ids each answer
 * makes by position (the state's own ids become the target's in later steps). Resolves to why it could not:
 * the first step not answered 2xx, once a 429's Retry-After has been waited for.
 */
export async function setUp(base: string, state: StartingState, ids: IdMap): Promise<string | undefined> {
  for (const [index, step] of state.steps.entries()) {
    let answer = await send(base, step, ids);
    for (let waited = 0; answer.status === 429 && waited < MOST_WAIT_SECONDS;) {
      const seconds = Math.min(Number(answer.headers.get('retry-after')) || 1, MOST_WAIT_SECONDS - waited);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      waited += seconds;
      answer = await send(base, step, ids);
    }
    if (answer.status < 200 || answer.status > 299) {
      const detail = (answer.body as { detail?: unknown } | undefined)?.detail;
      return `step ${index + 1} (${step.request.method} ${step.request.path}) was answered ${answer.status}${typeof detail === 'string' ? `: ${detail}` : ''}`;
    }
    ids.learn(step.response.body, answer.body);
    ids.learnHeaders(step.response.headers, answer.headers);
  }
  return undefined;
}

/** A path as the consumer sent it: from the root of the server, and on it once joined to its URL. */
export function staysOn(base: string, path: string): boolean {
  if (!path.startsWith('/') || !URL.canParse(base + path)) return false;
  return new URL(base + path).origin === new URL(base).origin;
}
