/**
 * What a front end's tests relied on: each request it sent and the status and body it got.
 * The sandbox writes them (GET /sandbox/requests?format=expectations); make verify-consumer
 * replays them against a server, as does a recording's lines (make record).
 */
export interface Expectation {
  request: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: unknown;
    /** In a recording, instead of `body`: one past RECORD_BODY_LIMIT. */
    bodyNotRecorded?: { bytes: number; why: string };
  };
  response: { status: number; body?: unknown };
}

/** `{ "expectations": [...] }`, or a recording's lines (one `{ request, response }` a line); an Error names what is neither. */
export function readExpectations(text: string): Expectation[] {
  const whole = (() => {
    try {
      return JSON.parse(text) as { expectations?: unknown };
    } catch {
      return undefined; // more than one line of JSON: a recording
    }
  })();
  if (Array.isArray(whole?.expectations))
    return whole.expectations.map((item, index) => checked(item, `expectations/${index}`));
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line, index) => checked(JSON.parse(line), `line ${index + 1}`));
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

const SERVER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids the server makes, matched by position: where the consumer saw one id and this server
 * answered another at the same place of the same step's body, later steps send this server's.
 */
export class IdMap {
  private readonly ids = new Map<string, string>();

  learn(expected: unknown, actual: unknown): void {
    if (typeof expected === 'string' && typeof actual === 'string') {
      if (expected !== actual && SERVER_ID.test(expected) && SERVER_ID.test(actual)) this.ids.set(expected, actual);
    } else if (Array.isArray(expected) && Array.isArray(actual)) {
      expected.forEach((item, index) => this.learn(item, actual[index]));
    } else if (jsonTypeOf(expected) === 'object' && jsonTypeOf(actual) === 'object') {
      for (const [name, value] of Object.entries(expected as object))
        this.learn(value, (actual as Record<string, unknown>)[name]);
    }
  }

  /** The text with every learnt id replaced (paths, and bodies as JSON). */
  apply(text: string): string {
    let result = text;
    for (const [seen, made] of this.ids) result = result.replaceAll(seen, made);
    return result;
  }
}
