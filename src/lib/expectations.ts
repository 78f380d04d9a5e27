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
// Reading a file of them: expectations-file.ts (readDocument).

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
