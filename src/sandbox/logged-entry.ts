import type { KeptHeaders } from './logged-headers.js';

/** One request as the sandbox saw it: what the app sent and what it got back. */
export interface LoggedRequest {
  /** The session's nth request, 1 its first: names it in GET /sandbox/requests/{n}. */
  n: number;
  /** When it was answered (the machine's clock, not the session's). */
  at: string;
  requestId: string;
  method: string;
  /** The path and query as sent (a longer one than LOGGED_PATH_CHARS is cut, and says so). */
  path: string;
  status: number;
  /** Milliseconds from the sandbox taking it (past the Host check) to the answer's end. */
  ms?: number;
  /** The `Prefer` header, when sent. */
  prefer?: string;
  /** The parsed JSON body, when there was one (a body over LOGGED_BODY_BYTES is summarised). */
  body?: unknown;
  /** The RFC 9457 problem answered, when the status is 4xx or 5xx. */
  problem?: unknown;
  /** The JSON body answered with a status under 400, when there was one (summarised as `body` is). */
  response?: unknown;
  /** The headers sent, credentials (Authorization, Cookie) as `(redacted)`. */
  requestHeaders?: Record<string, string>;
  /** The headers answered, Set-Cookie as `(redacted)`. */
  responseHeaders?: Record<string, string>;
  /** Its segment: 0 from the session's first use, one more at each reset (expectations name each one's starting state). */
  segment?: number;
  /** Answered 503 by the session's failureRate, on purpose: no answer of the service's. */
  onPurpose?: true;
}

/** The members kept as JSON text. */
export const JSON_MEMBERS = ['body', 'problem', 'response'] as const;
type JsonMember = (typeof JSON_MEMBERS)[number];
type HeadersMember = 'requestHeaders' | 'responseHeaders';

/**
 * A request as the log keeps it (its number given by the log): the JSON members as their text, since a parsed
 * tree can take twenty times its JSON, and the headers as taken (KeptHeaders).
 */
export type KeptRequest = Omit<LoggedRequest, 'n' | JsonMember | HeadersMember> &
  Partial<Record<JsonMember, string>> &
  KeptHeaders;
