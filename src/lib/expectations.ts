/**
 * What a front end's tests relied on: each request it sent and the status and body it got, and the
 * state its session started from. The sandbox writes them (GET /sandbox/requests?format=expectations);
 * make verify-consumer sets each state up and replays them against a server, as it does a recording's lines (make record).
 */
export interface Expectation {
  /** `headers`: those that can change the answer (ANSWER_HEADERS), as sent. */
  request: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: unknown;
    /** In a recording, instead of `body`: one past RECORD_BODY_LIMIT. */
    bodyNotRecorded?: { bytes: number; why: string };
  };
  /** `headers`: the values the server made there (`etag`, `location`), matched by position in later steps. */
  response: { status: number; headers?: Record<string, string>; body?: unknown };
}

/** Where a session started, as Pact's provider states: verification sets it up on the target first, through the API. */
export interface StartingState {
  /** `examples`: the contract's named examples, as the sandbox seeds a session; `scenario`: a named scenario. */
  from: 'examples' | 'scenario';
  scenario?: string;
  /** The session's reset settings: its fixed clock, and the seed its ids were made from. */
  clock?: string;
  seed?: string;
  /** The requests that make it, each with what its answer held that the server made (ids, timestamps): matched by position. */
  steps: Expectation[];
}

/** A session's requests from one reset to the next, and the state they started from (none: an empty store). */
export interface Segment {
  state?: StartingState;
  expectations: Expectation[];
}

export { IdMap } from './id-map.js';

/**
 * `{ "segments": [{ "state"?, "expectations" }], "notes"? }`, `{ "expectations": [...] }` (one segment, from
 * an empty store), or a recording's lines (one `{ request, response }` a line); an Error names what is none.
 */
export function readSegments(text: string): Segment[] {
  const whole = (() => {
    try {
      return JSON.parse(text) as { expectations?: unknown; segments?: unknown };
    } catch {
      return undefined; // more than one line of JSON: a recording
    }
  })();
  if (Array.isArray(whole?.segments)) return whole.segments.map((item, index) => segment(item, `segments/${index}`));
  if (Array.isArray(whole?.expectations)) return [segment(whole, '')];
  const lines = text.split('\n').filter((line) => line.trim());
  return [{ expectations: lines.map((line, index) => checked(JSON.parse(line), `line ${index + 1}`)) }];
}

/** Every segment's expectations, in order, their states left out. */
export const readExpectations = (text: string): Expectation[] =>
  readSegments(text).flatMap((part) => part.expectations);

function segment(item: unknown, at: string): Segment {
  const { state, expectations } = (item ?? {}) as { state?: Partial<StartingState>; expectations?: unknown };
  const where = (name: string) => (at ? `${at}/${name}` : name);
  if (!Array.isArray(expectations)) throw new Error(`${where('expectations')} is no list of expectations`);
  const steps = expectations.map((step, index) => checked(step, `${where('expectations')}/${index}`));
  if (state === undefined) return { expectations: steps };
  if ((state.from !== 'examples' && state.from !== 'scenario') || !Array.isArray(state.steps))
    throw new Error(`${where('state')} is no state: { "from": "examples" or "scenario", "steps": [...] }`);
  return {
    state: { ...state, steps: state.steps.map((step, index) => checked(step, `${where('state')}/steps/${index}`)) },
    expectations: steps,
  } as Segment;
}

function checked(item: unknown, where: string): Expectation {
  const { request, response } = (item ?? {}) as Partial<Expectation>;
  if (typeof request?.method !== 'string' || typeof request.path !== 'string' || typeof response?.status !== 'number') {
    throw new Error(
      `${where} is no expectation: { "request": { "method", "path", "body"? }, "response": { "status", "body"? } }`,
    );
  }
  return { request, response };
}

/** The JSON type as a consumer sees it: null, boolean, number, string, array or object. */
export const jsonTypeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** Where `actual` lacks a member `expected` has, or has it with another JSON type; values themselves may differ. */
export function differences(expected: unknown, actual: unknown, at = ''): string[] {
  const [want, got] = [jsonTypeOf(expected), jsonTypeOf(actual)];
  if (want !== got)
    return [
      `${at || '/'} is ${got === 'undefined' ? 'missing' : `a${/^[aeiou]/.test(got) ? 'n' : ''} ${got}`}, the consumer saw a${/^[aeiou]/.test(want) ? 'n' : ''} ${want}`,
    ];
  if (want === 'array') {
    const [wanted, had] = [expected as unknown[], actual as unknown[]];
    return wanted.flatMap((item, index) =>
      index < had.length
        ? differences(item, had[index], `${at}/${index}`)
        : [`${at}/${index} is missing, the consumer saw ${wanted.length} items`],
    );
  }
  if (want !== 'object') return [];
  const had = actual as Record<string, unknown>;
  return Object.entries(expected as Record<string, unknown>).flatMap(([name, value]) =>
    name in had ? differences(value, had[name], `${at}/${name}`) : [`${at}/${name} is missing`],
  );
}
