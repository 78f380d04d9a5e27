import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is this safe to echo and log. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Every response carries the request's id: the caller's, when safe, else a new UUID. */
export const assignRequestId: RequestHandler = (req, res, next) => {
  const incoming = req.headers['x-request-id'];
  res.setHeader(REQUEST_ID_HEADER, typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID());
  next();
};

/** The id assignRequestId gave this response; the header is its one home. */
export function requestIdOf(res: ServerResponse): string {
  return String(res.getHeader(REQUEST_ID_HEADER));
}
