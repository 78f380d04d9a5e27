/** One request as the sandbox saw it: what the app sent and what it got back. */
export interface LoggedRequest {
  /** When it was answered (the machine's clock, not the session's). */
  at: string;
  requestId: string;
  method: string;
  /** The path and query as sent (a longer one than LOGGED_PATH_CHARS is cut, and says so). */
  path: string;
  status: number;
  /** The `Prefer` header, when sent. */
  prefer?: string;
  /** The parsed JSON body, when there was one (a body over LOGGED_BODY_BYTES is summarised). */
  body?: unknown;
  /** The RFC 9457 problem answered, when the status is 4xx or 5xx. */
  problem?: unknown;
  /** The JSON body answered with a status under 400, when there was one (summarised as `body` is). */
  response?: unknown;
  /** The headers sent that can change an answer (If-Match, If-None-Match, Idempotency-Key, Content-Type), when any. */
  requestHeaders?: Record<string, string>;
  /** The headers answered that hold values the server made (ETag, Location), when any. */
  responseHeaders?: Record<string, string>;
  /** Its segment: 0 from the session's first use, one more at each reset (expectations name each one's starting state). */
  segment?: number;
  /** Answered 503 by the session's failureRate, on purpose: no answer of the service's. */
  onPurpose?: true;
}

/** A request as the log keeps it: the JSON members as their text, since a parsed tree can take twenty times its JSON. */
export type KeptRequest = Omit<
  LoggedRequest,
  'body' | 'problem' | 'response' | 'requestHeaders' | 'responseHeaders'
> & {
  body?: string;
  problem?: string;
  response?: string;
  requestHeaders?: string;
  responseHeaders?: string;
};

/** The most requests a session's log keeps; older ones are dropped. */
export const LOG_SIZE = 100;
/** The most bytes a session's log holds (its entries' text, and ENTRY_BYTES each); older requests are dropped past it. */
export const LOG_BYTES = 1024 * 1024;
/** A body larger than this is logged as a note of its size. */
export const LOGGED_BODY_BYTES = 16_384;
/** A path and query longer than this is cut. */
export const LOGGED_PATH_CHARS = 2_048;
/** What an entry costs beyond its strings' bytes: the object holding them, and each string's header. */
export const ENTRY_BYTES = 200;

/** What `entry` takes as held: ENTRY_BYTES, and the UTF-8 bytes of its strings. */
export function bytesOf(entry: KeptRequest): number {
  let bytes = ENTRY_BYTES;
  for (const value of Object.values(entry)) if (typeof value === 'string') bytes += Buffer.byteLength(value);
  return bytes;
}

/** A session's last requests, at most LOG_SIZE and LOG_BYTES; newest first. A ring: adding one moves nothing. */
export class RequestLog {
  private readonly entries: ({ entry: KeptRequest; bytes: number } | undefined)[] = new Array(LOG_SIZE);
  private next = 0;
  private count = 0;
  private held = 0;

  /** The bytes its entries take (bytesOf each). */
  get bytes(): number {
    return this.held;
  }

  /** Adds `entry`; drops the oldest past either bound. */
  add(entry: KeptRequest): void {
    if (this.count === LOG_SIZE) this.dropOldest();
    const bytes = bytesOf(entry);
    this.entries[this.next] = { entry, bytes };
    this.next = (this.next + 1) % LOG_SIZE;
    this.count++;
    this.held += bytes;
    this.shrinkTo(LOG_BYTES);
  }

  /** Drops the oldest requests until it holds at most `bytes`; the newest stays, whatever its size. */
  shrinkTo(bytes: number): void {
    while (this.held > bytes && this.count > 1) this.dropOldest();
  }

  /** Its requests, newest first, their JSON members parsed. */
  list(): LoggedRequest[] {
    return this.kept().map(({ body, problem, response, requestHeaders, responseHeaders, ...entry }) => {
      const listed: LoggedRequest = entry;
      if (body !== undefined) listed.body = JSON.parse(body);
      if (problem !== undefined) listed.problem = JSON.parse(problem);
      if (response !== undefined) listed.response = JSON.parse(response);
      if (requestHeaders !== undefined) listed.requestHeaders = JSON.parse(requestHeaders);
      if (responseHeaders !== undefined) listed.responseHeaders = JSON.parse(responseHeaders);
      return listed;
    });
  }

  /** `list()` as JSON, the text kept spliced in: nothing is parsed. */
  json(): string {
    const items = this.kept().map(({ body, problem, response, requestHeaders, responseHeaders, ...entry }) => {
      let text = JSON.stringify(entry).slice(0, -1);
      if (body !== undefined) text += `,"body":${body}`;
      if (problem !== undefined) text += `,"problem":${problem}`;
      if (response !== undefined) text += `,"response":${response}`;
      if (requestHeaders !== undefined) text += `,"requestHeaders":${requestHeaders}`;
      if (responseHeaders !== undefined) text += `,"responseHeaders":${responseHeaders}`;
      return `${text}}`;
    });
    return `[${items.join(',')}]`;
  }

  private kept(): KeptRequest[] {
    const newestFirst: KeptRequest[] = [];
    for (let back = 1; back <= this.count; back++) {
      const kept = this.entries[(this.next - back + LOG_SIZE) % LOG_SIZE];
      if (kept) newestFirst.push(kept.entry);
    }
    return newestFirst;
  }

  private dropOldest(): void {
    const oldest = (this.next - this.count + LOG_SIZE) % LOG_SIZE;
    this.held -= this.entries[oldest]?.bytes ?? 0;
    this.entries[oldest] = undefined;
    this.count--;
  }
}

/** The body's JSON text as logged, or a note of its size when it is over LOGGED_BODY_BYTES: as declared, or measured. */
export function loggedBody(body: unknown, declaredBytes: number | undefined): string | undefined {
  if (declaredBytes !== undefined && declaredBytes > LOGGED_BODY_BYTES) return note(declaredBytes);
  const text = JSON.stringify(body) as string | undefined;
  const bytes = text === undefined ? 0 : Buffer.byteLength(text);
  return bytes > LOGGED_BODY_BYTES ? note(bytes) : text;
}

const note = (bytes: number) => JSON.stringify(`(${bytes} bytes of JSON, not kept)`);

/** The path as logged: itself, or its first LOGGED_PATH_CHARS characters and a note of its length. */
export function loggedPath(path: string): string {
  if (path.length <= LOGGED_PATH_CHARS) return path;
  // Copied through a buffer: a slice would keep the whole path alive behind it.
  return Buffer.from(`${path.slice(0, LOGGED_PATH_CHARS)}…(${path.length} characters)`).toString();
}
