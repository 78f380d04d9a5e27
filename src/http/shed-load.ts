import type { Request, RequestHandler, Response } from 'express';
import type { Limits } from '../config/limits.js';
import { callerOf } from './caller.js';
import { HttpProblem } from './problem.js';

/** Seconds a shed request is asked to wait before trying again. */
export const SHED_RETRY_AFTER = '1';

/** The probes answer however busy the process is: a busy process is alive, and says whether it is ready. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

type LoadLimits = Pick<Limits, 'inFlight' | 'inFlightBytes' | 'inFlightPerUser' | 'inFlightBytesPerUser'>;

/** Requests and declared body bytes in flight. */
interface Load {
  requests: number;
  bytes: number;
}

/** What a request in flight holds: its declared bytes, in the process and, once authenticated, of its user. */
interface Held {
  size: number;
  user: { name: string; load: Load } | undefined;
}

type Holding = { held?: Held };

/**
 * Load shedding, decided before any work on a request starts (its body is not
 * read yet): past the requests or declared body bytes in flight in this process,
 * or in flight for one user, a request is answered at once with 503 `overloaded`
 * and Retry-After instead of waiting in a queue. A user's bytes bound how much
 * heavy work one user has in flight, and so how long others wait behind it.
 * `perProcess` goes first on every request; `perUser` after authentication.
 */
export function shedLoad(limits: LoadLimits, bodyLimit: number, partition: (res: Response) => string = callerOf): { perProcess: RequestHandler; perUser: RequestHandler } {
  const inProcess: Load = { requests: 0, bytes: 0 };
  const byUser = new Map<string, Load>();
  const perProcess: RequestHandler = (req, res, next) => {
    if (PROBES.has(req.path)) return next();
    // A body over the limit is refused with 413 when it is read; it holds no more than the limit until then.
    const size = Math.min(declaredBytes(req, bodyLimit), bodyLimit);
    if (inProcess.requests >= limits.inFlight) throw overloaded(`${inProcess.requests} requests are in flight in this process, its limit`);
    if (inProcess.bytes + size > limits.inFlightBytes) throw overloaded(`the bodies in flight in this process would pass its limit of ${limits.inFlightBytes} bytes`);
    const held: Held = { size, user: undefined };
    (res.locals as Holding).held = held;
    add(inProcess, size, 1);
    // One listener for both counts: 'close' comes once, when the response is done or the client gone.
    res.on('close', () => {
      add(inProcess, size, -1);
      if (!held.user) return;
      add(held.user.load, size, -1);
      if (held.user.load.requests === 0) byUser.delete(held.user.name);
    });
    next();
  };
  const perUser: RequestHandler = (_req, res, next) => {
    const { held } = res.locals as Holding;
    if (!held) return next(); // a probe
    const user = partition(res);
    let load = byUser.get(user);
    if (load && load.requests >= limits.inFlightPerUser) throw overloaded(`you have ${load.requests} requests in flight, the most one user may have`);
    if (load && load.bytes + held.size > limits.inFlightBytesPerUser) {
      throw overloaded(`your bodies in flight would pass the ${limits.inFlightBytesPerUser} bytes one user may have in flight`);
    }
    if (!load) byUser.set(user, (load = { requests: 0, bytes: 0 }));
    add(load, held.size, 1);
    held.user = { name: user, load };
    next();
  };
  return { perProcess, perUser };
}

function add(load: Load, size: number, sign: 1 | -1): void {
  load.requests += sign;
  load.bytes += sign * size;
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
