import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** A value a server makes: an id (UUID) or a timestamp (RFC 3339), as a string. */
export const isMade = (value: unknown): value is string =>
  typeof value === 'string' && (UUID.test(value) || DATE_TIME.test(value));

/** The request headers that can change an answer, as expectations keep and verification sends them. */
export const ANSWER_HEADERS = ['content-type', 'if-match', 'if-none-match', 'idempotency-key', 'prefer'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Values the server made, matched by position: where the consumer saw one id, timestamp, ETag or
 * Location and this server answered another at the same place of the same step, later steps send
 * this server's. Idempotency keys are the client's: each becomes a new one, the same key the same.
 */
export class IdMap {
  private readonly values = new Map<string, string>();
  private readonly tags = new Map<string, string>();
  private readonly keys = new Map<string, string>();

  learn(expected: unknown, actual: unknown): void {
    if (typeof expected === 'string' && typeof actual === 'string') {
      if (expected !== actual && isMade(expected) && isMade(actual)) this.values.set(expected, actual);
    } else if (Array.isArray(expected) && Array.isArray(actual)) {
      expected.forEach((item, index) => this.learn(item, actual[index]));
    } else if (isObject(expected) && isObject(actual)) {
      // A map keyed by ids (overrides, rankByStreamId) is keyed by this server's.
      for (const [name, value] of Object.entries(expected))
        this.learn(value, actual[name in actual ? name : this.apply(name)]);
    }
  }

  /** `value` (JSON) with every learnt id and timestamp replaced, member names included; its JSON is never built (any size). */
  translate(value: unknown): unknown {
    if (typeof value === 'string') return this.apply(value);
    if (Array.isArray(value)) return value.map((item) => this.translate(item));
    if (!isObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([name, member]) => [this.apply(name), this.translate(member)]),
    );
  }

  /** From the answer's headers: its ETag (sent back in If-Match and If-None-Match) and the ids in its Location. */
  learnHeaders(expected: Record<string, string> | undefined, actual: { get(name: string): string | null }): void {
    const [tag, location] = [actual.get('etag'), actual.get('location')];
    if (expected?.etag !== undefined && tag !== null && expected.etag !== tag) this.tags.set(expected.etag, tag);
    if (expected?.location !== undefined && location !== null)
      this.learn(expected.location.split('/'), location.split('/'));
  }

  /** The text with every learnt id and timestamp replaced (paths, and bodies as JSON). */
  apply(text: string): string {
    let result = text;
    for (const [seen, made] of this.values) result = result.replaceAll(seen, made);
    return result;
  }

  /** The headers of ANSWER_HEADERS among `headers`, as this server should get them: its ETags, new idempotency keys. */
  headers(headers: Record<string, string> | undefined): Record<string, string> {
    const sent: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers ?? {})) {
      const lower = name.toLowerCase();
      if (!(ANSWER_HEADERS as readonly string[]).includes(lower)) continue;
      if (lower === 'if-match' || lower === 'if-none-match') {
        sent[lower] = [...this.tags].reduce((text, [seen, made]) => text.replaceAll(seen, made), value);
      } else if (lower === 'idempotency-key') {
        if (!this.keys.has(value)) this.keys.set(value, value.startsWith('"') ? `"${randomUUID()}"` : randomUUID());
        sent[lower] = this.keys.get(value) as string;
      } else sent[lower] = value;
    }
    return sent;
  }
}

/**
 * What of an answer the server made, for a state's step: its ids and timestamps seen for the first time
 * (not in `seen`, which they join), where they are; the rest left out (an array's other items as null).
 */
export function madeIn(value: unknown, seen: Set<string>): unknown {
  if (isMade(value)) {
    if (seen.has(value)) return undefined;
    seen.add(value);
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => madeIn(item, seen) ?? null);
    while (items.length && items[items.length - 1] === null) items.pop();
    return items.length ? items : undefined;
  }
  if (!isObject(value)) return undefined;
  const kept = Object.entries(value)
    .map(([name, member]) => [name, madeIn(member, seen)] as const)
    .filter(([, member]) => member !== undefined);
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/** Adds every id and timestamp in `value` (a request's body, or its path's segments) to `seen`. */
export function noteSent(value: unknown, seen: Set<string>): void {
  if (isMade(value)) seen.add(value);
  else if (Array.isArray(value)) for (const item of value) noteSent(item, seen);
  else if (isObject(value)) for (const member of Object.values(value)) noteSent(member, seen);
}
