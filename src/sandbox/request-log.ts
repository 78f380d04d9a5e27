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
}

/** The most requests a session's log keeps; older ones are dropped. */
export const LOG_SIZE = 100;
/** The most bytes (about: the bodies, paths and problems kept) a session's log holds; older requests are dropped past it. */
export const LOG_BYTES = 1024 * 1024;
/** A body larger than this is logged as a note of its size. */
export const LOGGED_BODY_BYTES = 16_384;
/** A path and query longer than this is cut. */
export const LOGGED_PATH_CHARS = 2_048;
/** What an entry costs beyond its body, path and problem: its other members, as JSON. */
const ENTRY_BYTES = 200;

/** A session's last requests, at most LOG_SIZE and about LOG_BYTES; newest first. A ring: adding one moves nothing. */
export class RequestLog {
  private readonly entries: ({ entry: LoggedRequest; bytes: number } | undefined)[] = new Array(LOG_SIZE);
  private next = 0;
  private count = 0;
  private bytes = 0;

  /** Adds `entry`, whose body, path and problem take about `bytes`; drops the oldest past either bound. */
  add(entry: LoggedRequest, bytes: number): void {
    if (this.count === LOG_SIZE) this.dropOldest();
    this.entries[this.next] = { entry, bytes: bytes + ENTRY_BYTES };
    this.next = (this.next + 1) % LOG_SIZE;
    this.count++;
    this.bytes += bytes + ENTRY_BYTES;
    while (this.bytes > LOG_BYTES && this.count > 1) this.dropOldest();
  }

  list(): LoggedRequest[] {
    const newestFirst: LoggedRequest[] = [];
    for (let back = 1; back <= this.count; back++) {
      const kept = this.entries[(this.next - back + LOG_SIZE) % LOG_SIZE];
      if (kept) newestFirst.push(kept.entry);
    }
    return newestFirst;
  }

  private dropOldest(): void {
    const oldest = (this.next - this.count + LOG_SIZE) % LOG_SIZE;
    this.bytes -= this.entries[oldest]?.bytes ?? 0;
    this.entries[oldest] = undefined;
    this.count--;
  }
}

/**
 * The body as logged, kept as parsed (nothing downstream changes a parsed body: shaping copies what it changes),
 * or a note when it is large; with its size in bytes: as declared, or measured when it came chunked.
 */
export function loggedBody(body: unknown, declaredBytes: number | undefined): { body: unknown; bytes: number } {
  const bytes = declaredBytes ?? Buffer.byteLength(JSON.stringify(body));
  return bytes > LOGGED_BODY_BYTES ? { body: `(${bytes} bytes of JSON, not kept)`, bytes: 64 } : { body, bytes };
}

/** The path as logged: itself, or its first LOGGED_PATH_CHARS characters and a note of its length. */
export function loggedPath(path: string): string {
  return path.length > LOGGED_PATH_CHARS ? `${path.slice(0, LOGGED_PATH_CHARS)}…(${path.length} characters)` : path;
}
