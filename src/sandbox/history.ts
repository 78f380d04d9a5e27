/** One request as the sandbox saw it: what the app sent and what it got back. */
export interface LoggedRequest {
  /** When it was answered (the machine's clock, not the session's). */
  at: string;
  requestId: string;
  method: string;
  /** The path and query as sent. */
  path: string;
  status: number;
  /** The `Prefer` header, when sent. */
  prefer?: string;
  /** The parsed JSON body, when there was one (a body over LOGGED_BODY_CHARS is summarised). */
  body?: unknown;
  /** The RFC 9457 problem answered, when the status is 4xx or 5xx. */
  problem?: unknown;
  /** The JSON body answered with a status under 400, when there was one (summarised as `body` is). */
  response?: unknown;
}

/** The most requests a session's log keeps; older ones are dropped. */
export const LOG_SIZE = 100;
/** A body longer than this as JSON is logged as a note of its size. */
export const LOGGED_BODY_CHARS = 16_384;

/** A session's last LOG_SIZE requests, newest first. */
export class RequestLog {
  private readonly entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.entries.unshift(entry);
    if (this.entries.length > LOG_SIZE) this.entries.length = LOG_SIZE;
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }
}

/** The body as logged: itself, or a note when its JSON is long. */
export function loggedBody(body: unknown): unknown {
  const text = JSON.stringify(body);
  return text.length > LOGGED_BODY_CHARS ? `(${text.length} characters of JSON, not kept)` : JSON.parse(text);
}
