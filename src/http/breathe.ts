import type { RequestHandler } from 'express';

/** Bodies from this size on are handled in steps, with other requests served in between. */
const LARGE_BODY_BYTES = 64 * 1024;

/**
 * Between two steps of handling a large body (parse, depth check, validation,
 * member filtering), lets the event loop serve other requests first, so no
 * request holds it for all of its steps at once. Small bodies pass straight on.
 */
export const breathe: RequestHandler = (req, _res, next) => {
  if (Number(req.headers['content-length'] ?? 0) >= LARGE_BODY_BYTES) setImmediate(() => next());
  else next();
};
