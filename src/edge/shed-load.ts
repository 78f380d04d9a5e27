import type { Request, RequestHandler, Response } from 'express';
import type { Limits } from '../config/limits.js';
import { callerOf } from './caller.js';
import { HttpProblem } from '../errors/problem.js';
import { admittedBytesInFlight, admittedInFlight } from '../observability/http-metrics.js';

/** Seconds a shed request is asked to wait before trying again. */
export const SHED_RETRY_AFTER = '1';

type LoadLimits = Pick<Limits, 'inFlight' | 'inFlightBytes' | 'inFlightPerUser' | 'inFlightBytesPerUser'>;

/** Requests and declared body bytes in flight. */
export interface Load {
  requests: number;
  bytes: number;
}

/**
 * Load shedding, decided once authentication has admitted a request and before
 * its body is read: past the requests or declared body bytes in flight in this
 * process, or in flight for its user, it is answered at once with 503
 * `overloaded` and Retry-After instead of waiting in a queue. Only admitted
 * requests count, so no one without a token holds capacity that users share;
 * a user's bytes bound how much heavy work one user has in flight, and so how
 * long others wait behind it. Mounted under /api after `authenticate`. What it counts is
 * on /metrics (`http_admitted_requests_in_flight`, `http_admitted_body_bytes_in_flight`).
 */
export function shedLoad(
  limits: LoadLimits,
  bodyLimit: number,
  partition: (res: Response) => string = callerOf,
  /** What is in flight in the process, as counted here: given, so others read it too (the heap's guard). */
  inProcess: Load = { requests: 0, bytes: 0 },
): RequestHandler {
  const byUser = new Map<string, Load>();
  return (req, res, next) => {
    // Gone while its token was checked (a reset, a parser error, a timeout): its 'close' has fired, so it must not count.
    if (res.closed) return;
    // A body over the limit is refused with 413 when it is read; it holds no more than the limit until then.
    const size = Math.min(declaredBytes(req, bodyLimit), bodyLimit);
    if (inProcess.requests >= limits.inFlight)
      throw overloaded(`${inProcess.requests} requests are in flight in this process, its limit`);
    if (inProcess.bytes + size > limits.inFlightBytes)
      throw overloaded(`the bodies in flight in this process would pass its limit of ${limits.inFlightBytes} bytes`);
    const user = partition(res);
    const load = byUser.get(user) ?? { requests: 0, bytes: 0 };
    if (load.requests >= limits.inFlightPerUser)
      throw overloaded(`you have ${load.requests} requests in flight, the most one user may have`);
    // A user with nothing in flight may always send one body, however large.
    if (load.requests > 0 && load.bytes + size > limits.inFlightBytesPerUser) {
      throw overloaded(
        `your bodies in flight would pass the ${limits.inFlightBytesPerUser} bytes one user may have in flight`,
      );
    }
    byUser.set(user, load);
    count(inProcess, load, size, 1);
    // 'close' comes once, however the request ends: answered, reset, timed out, or cut by a parser error.
    res.once('close', () => {
      count(inProcess, load, size, -1);
      if (load.requests === 0) byUser.delete(user);
    });
    next();
  };
}

/** A request and its declared bytes, counted in (1) or out (-1): in the process, for its user, and on /metrics. */
function count(inProcess: Load, user: Load, size: number, sign: 1 | -1): void {
  add(inProcess, size, sign);
  add(user, size, sign);
  admittedInFlight.inc(sign);
  admittedBytesInFlight.inc(sign * size);
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
  return new HttpProblem(
    'overloaded',
    `Not served, to keep serving the rest: ${reason}. Nothing of it was done; retry after Retry-After seconds.`,
    {
      headers: { 'Retry-After': SHED_RETRY_AFTER },
    },
  );
}
