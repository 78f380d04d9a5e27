import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is this safe to echo and log. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A request's id: the caller's X-Request-Id when it is safe, else a new UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** The id a response was given (src/edge/start-response.ts), read back from its header; the observer of logs and metrics is handed it there instead. */
export function requestIdOf(res: ServerResponse): string {
  return String(res.getHeader(REQUEST_ID_HEADER));
}
