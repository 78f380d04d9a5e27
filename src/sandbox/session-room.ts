import { HttpProblem } from '../errors/problem.js';
import type { Session } from './session.js';

/** The bounds on the sandbox's sessions, from the SANDBOX_* settings (src/sandbox/sandbox-settings.ts). */
export interface SessionLimits {
  /** SANDBOX_SESSIONS: sessions that have written (or been reset), held at once; as many again that have only been read. */
  max: number;
  /** SANDBOX_MAX_BYTES: what all sessions hold together, records and request logs. */
  maxBytes: number;
  /** SANDBOX_SESSION_IDLE: a session used more recently than this is never dropped to make room. */
  idleMs: number;
  /** SANDBOX_NEW_SESSIONS: sessions one client (address) may start writing in a minute. */
  startsPerMinute: number;
}

/**
 * The sessions that may go to make room for another, in the order they go: those only read from, then those
 * written to, each least recently used first. Never `kept`, one serving a request, or one used within `idleMs`.
 */
export function droppable(held: Iterable<Session>, idleMs: number, kept?: Session, now = Date.now()): Session[] {
  const [read, written]: [Session[], Session[]] = [[], []];
  for (const session of held) {
    if (session === kept || session.inFlight > 0 || now - session.lastUsed < idleMs) continue;
    (session.counted ? written : read).push(session);
  }
  return [...read, ...written];
}

/** Whole seconds, at least 1, until the least recently used of `held` (but `kept`) has been idle for `idleMs`. */
export function secondsUntilIdle(held: Iterable<Session>, idleMs: number, kept?: Session, now = Date.now()): number {
  let soonest = Number.POSITIVE_INFINITY;
  for (const session of held) if (session !== kept) soonest = Math.min(soonest, session.lastUsed + idleMs - now);
  return Number.isFinite(soonest) ? Math.max(1, Math.ceil(soonest / 1000)) : 1;
}

/** 503: every session that could make room was used within SANDBOX_SESSION_IDLE; nothing held is dropped for this request. */
export function sessionsInUse(what: string, { idleMs }: SessionLimits, seconds: number): HttpProblem {
  return new HttpProblem(
    'sessions-in-use',
    `${what}, and every session that could make room was used in the last ${idleMs / 1000} s (SANDBOX_SESSION_IDLE), so none is dropped for it. Nothing was done; retry after Retry-After seconds, or raise the setting.`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}

/** 429: this client started SANDBOX_NEW_SESSIONS sessions in the minute. */
export function tooManyStarts({ startsPerMinute }: SessionLimits, resetAt: number, now = Date.now()): HttpProblem {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new HttpProblem(
    'rate-limited',
    `This client has started the ${startsPerMinute} new sandbox sessions it may start in a minute (SANDBOX_NEW_SESSIONS); nothing of this request was done. Reuse a session, or retry after Retry-After seconds.`,
    { headers: { 'Retry-After': String(seconds) } },
  );
}
