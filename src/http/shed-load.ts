import type { Request, RequestHandler } from 'express';
import type { Limits } from '../config/limits.js';
import { callerOf } from './caller.js';
import { HttpProblem } from './problem.js';

/** Seconds a shed request is asked to wait before trying again. */
export const SHED_RETRY_AFTER = '1';

/** The probes answer however busy the process is: a busy process is alive, and says whether it is ready. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

type LoadLimits = Pick<Limits, 'inFlight' | 'inFlightBytes' | 'inFlightPerUser'>;

/**
 * Load shedding, decided before any work on a request starts (its body is not
 * read yet): past the requests or declared body bytes in flight in this process,
 * or past one user's requests in flight, a request is answered at once with 503
 * `overloaded` and Retry-After instead of waiting in a queue. `perProcess` goes
 * first on every request; `perUser` after authentication.
 */
export function shedLoad(limits: LoadLimits, bodyLimit: number): { perProcess: RequestHandler; perUser: RequestHandler } {
  let requests = 0;
  let bytes = 0;
  const byUser = new Map<string, number>();
  const perProcess: RequestHandler = (req, res, next) => {
    if (PROBES.has(req.path)) return next();
    // A body over the limit is refused with 413 when it is read; it holds no more than the limit until then.
    const size = Math.min(declaredBytes(req, bodyLimit), bodyLimit);
    if (requests >= limits.inFlight) throw overloaded(`${requests} requests are in flight in this process, its limit`);
    if (bytes + size > limits.inFlightBytes) throw overloaded(`the bodies in flight in this process would pass its limit of ${limits.inFlightBytes} bytes`);
    requests++;
    bytes += size;
    res.once('close', () => {
      requests--;
      bytes -= size;
    });
    next();
  };
  const perUser: RequestHandler = (_req, res, next) => {
    const user = callerOf(res);
    const count = byUser.get(user) ?? 0;
    if (count >= limits.inFlightPerUser) throw overloaded(`you have ${count} requests in flight, the most one user may have`);
    byUser.set(user, count + 1);
    res.once('close', () => {
      const left = (byUser.get(user) ?? 1) - 1;
      if (left === 0) byUser.delete(user);
      else byUser.set(user, left);
    });
    next();
  };
  return { perProcess, perUser };
}

/** Content-Length, or the body limit for a body of unknown length (chunked). */
function declaredBytes(req: Request, bodyLimit: number): number {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) || 0;
  return req.headers['transfer-encoding'] === undefined ? 0 : bodyLimit;
}

function overloaded(reason: string): HttpProblem {
  return new HttpProblem('overloaded', `Not served, to keep serving the rest: ${reason}. Nothing of it was done; retry after Retry-After seconds.`, {
    headers: { 'Retry-After': SHED_RETRY_AFTER },
  });
}
