import type { RequestHandler } from 'express';
import { rateLimit, type Store as CounterStore } from 'express-rate-limit';
import type { Limits } from '../config/limits.js';
import type { HitCounter } from '../store/store.js';
import { callerOf } from './caller.js';
import { HttpProblem } from './problem.js';

/** The methods that write; reads are not rate limited (load shedding bounds them). */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Per-user write rate limit (express-rate-limit): each user may make
 * `writesPerWindow` writes per window. Every write answer carries the IETF
 * `RateLimit` and `RateLimit-Policy` fields (draft 8); past the limit, 429
 * `rate-limited` with Retry-After, before the body is read. Counted by the
 * store's `hits` when it has them (PostgreSQL: shared by every instance), else
 * in this process. Mounted after authentication, which names the user.
 */
export function limitWriteRate(limits: Pick<Limits, 'writesPerWindow' | 'rateWindowMs'>, hits?: HitCounter): RequestHandler {
  return rateLimit({
    windowMs: limits.rateWindowMs,
    limit: limits.writesPerWindow,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'writes',
    keyGenerator: (_req, res) => callerOf(res),
    skip: (req) => !WRITES.has(req.method),
    handler: (_req, _res, next) => {
      next(new HttpProblem('rate-limited',
        `You have made the ${limits.writesPerWindow} writes a user may make in ${limits.rateWindowMs / 1000} s; nothing of this one was done. Retry after Retry-After seconds.`));
    },
    ...(hits ? { store: sharedCounter(hits, limits.rateWindowMs) } : {}),
  }) as RequestHandler;
}

/** The store's counter as express-rate-limit's store. */
function sharedCounter(hits: HitCounter, windowMs: number): CounterStore {
  return {
    localKeys: false,
    prefix: 'writes:',
    async increment(key) {
      const { hits: totalHits, resetAt } = await hits.hit(`writes:${key}`, windowMs);
      return { totalHits, resetTime: resetAt };
    },
    async decrement() {
      // Only called with skipFailedRequests or skipSuccessfulRequests, which are off.
    },
    resetKey: (key) => hits.reset(`writes:${key}`),
  };
}
