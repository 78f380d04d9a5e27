import type { RequestHandler } from 'express';
import { HttpProblem } from '../errors/problem.js';
import type { StreamLimits } from './sandbox-settings.js';

/** The answers that hold a whole session, made in one piece: its state, its description and its log or export. */
const LARGE = new Set(['/sandbox/state', '/sandbox/session', '/sandbox/requests']);

/**
 * At most `largeAnswers` of them being made or sent at once, all clients together (each is a whole session's JSON,
 * up to its share of SANDBOX_MAX_BYTES, held until its reader takes it): past it, 503 overloaded with Retry-After. A
 * reader that takes nothing for `sendIdleMs` is cut off, so one that never reads holds its place for no longer.
 */
export function boundLargeAnswers({ largeAnswers, sendIdleMs }: StreamLimits): RequestHandler {
  let sending = 0;
  return (req, res, next) => {
    if (req.method !== 'GET' || !LARGE.has(req.path)) return next();
    if (sending >= largeAnswers) {
      throw new HttpProblem(
        'overloaded',
        `${largeAnswers} answers holding a whole session are being sent (SANDBOX_LARGE_ANSWERS); retry after Retry-After seconds.`,
        { headers: { 'Retry-After': '1' } },
      );
    }
    sending++;
    res.once('close', () => sending--);
    res.setTimeout(sendIdleMs, () => res.destroy());
    next();
  };
}
