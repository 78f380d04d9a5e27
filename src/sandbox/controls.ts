import type { RequestHandler, Response } from 'express';
import { isDateTime } from '../contract/formats.js';
import { instantMs } from '../lib/time.js';
import { SANDBOX_HEADERS } from '../edge/cors.js';
import { HttpProblem } from '../errors/problem.js';
import { useScope } from '../edge/scope.js';
import { droppedHeader } from './dropped.js';
import { logRequest } from './logged-request.js';
import type { SandboxLocals } from './sandbox-locals.js';
import type { Session } from './session.js';
import { SESSION_HEADER, type Sessions } from './sessions.js';
import { sessionNameOf } from './session-name.js';

export const CLOCK_HEADER = SANDBOX_HEADERS.clock;
/** On the first answer of a session started again after it was dropped: when, how many requests, why (droppedHeader). */
export const DROPPED_HEADER = 'X-Sandbox-Session-Dropped';
/** The methods whose requests make a session count against SANDBOX_SESSIONS (their session may be written to). */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * First of an API request's guards: picks the session (made once, however many requests for it arrive together; and
 * sets its clock when X-Sandbox-Clock says so), serves the request from the session's store and clock, and logs the
 * request to it when answered. A session started again after a drop says so on its first answer.
 */
export function enterSession(sessions: Sessions): RequestHandler {
  return async (req, res, next) => {
    const name = sessionNameOf(req);
    const started = performance.now();
    res.setHeader(SESSION_HEADER, name);
    const asking = { writes: WRITES.has(req.method), client: req.socket.remoteAddress };
    const { session, counted } = await sessions.entered(name, asking);
    const changes = session.store.changes;
    const locals: SandboxLocals = { session };
    tellDrop(res, session);
    // A write refused (nothing changed) gives back the place it took: see Sessions.leave.
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      sessions.leave(
        session,
        logRequest(req, res, locals, started),
        counted ? { wrote: session.store.changes !== changes } : undefined,
      );
    };
    const closed = () => (res.writableEnded ? leave() : leaveWhenAnswered(res, leave));
    // Closed while the session was being made: 'close' has been and gone.
    if (res.closed) closed();
    else res.once('close', closed);
    res.locals.sandbox = locals;
    const clock = req.headers[CLOCK_HEADER.toLowerCase()];
    if (typeof clock === 'string') session.clock.fixedMs = instantOf(clock, `/headers/${CLOCK_HEADER.toLowerCase()}`);
    useScope(res, session); // the handlers read and write the session's store, stamped by its clock
    next();
  };
}

/** How long a request whose client has gone may take to be answered before it is logged as it stands. */
const ABANDONED_MS = 60_000;

/**
 * A client that leaves before its answer does not stop the request: a write still lands. So the request is logged, and
 * its place given back or kept, once the handler answers (with the status it answered, which nobody read), never as
 * the 200 a response starts with.
 */
function leaveWhenAnswered(res: Response, leave: () => void): void {
  const timer = setTimeout(leave, ABANDONED_MS).unref();
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    const ended = end(...args);
    clearTimeout(timer);
    leave();
    return ended;
  }) as Response['end'];
}

/** On the first answer a session started again after a drop gives (an API request's, or its reset's): the drop. */
export function tellDrop(res: Response, session: Session): void {
  if (!session.startedAgain || session.toldDrop) return;
  session.toldDrop = true;
  res.setHeader(DROPPED_HEADER, droppedHeader(session.startedAgain));
}

/** An RFC 3339 date-time as milliseconds (instantMs: a leap second as 23:59:59.999), or a 400 naming where it was sent. */
export function instantOf(text: string, path: string): number {
  const ms = isDateTime(text) ? instantMs(text) : undefined;
  if (ms === undefined) {
    throw new HttpProblem(
      'validation-failed',
      'The sandbox clock takes an RFC 3339 date-time from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, such as 2026-01-01T09:00:00Z.',
      { errors: [{ path, message: 'must be an RFC 3339 date-time within years 0000 to 9999 in UTC' }] },
    );
  }
  return ms;
}
