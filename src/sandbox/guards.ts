import type { RequestHandler } from 'express';
import type { Limits } from '../config/limits.js';
import type { OpenApiDocument } from '../contract/spec.js';
import { limitWriteRate } from '../edge/rate-limit.js';
import { shedLoad } from '../edge/shed-load.js';
import { enterSession } from './controls.js';
import { sessionOf } from './sandbox-locals.js';
import type { Session } from './session.js';
import type { Sessions } from './sessions.js';
import { sessionNameOf } from './session-name.js';

/**
 * An API request's guards in the sandbox: the service's load shedding, counted per session name instead of per user
 * (everyone here is `local`) and decided before a session is made; then the session is entered; then the write rate
 * limit, in the session's own windows, so one test's load never refuses another's.
 */
export function sessionGuards(
  sessions: Sessions,
  limits: Limits,
  bodyLimit: number,
  contract: OpenApiDocument,
): RequestHandler[] {
  // One limiter a session, made at its first request and gone with it; a reset's new session starts with no writes counted.
  const limiters = new WeakMap<Session, RequestHandler>();
  const limitWrites: RequestHandler = (req, res, next) => {
    const session = sessionOf(res);
    let limit = limiters.get(session);
    if (!limit) limiters.set(session, (limit = limitWriteRate(limits, contract, session.hits)));
    return limit(req, res, next);
  };
  return [shedLoad(limits, bodyLimit, (res) => sessionNameOf(res.req)), enterSession(sessions), limitWrites];
}
