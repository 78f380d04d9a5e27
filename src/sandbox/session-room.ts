import { HttpProblem } from '../errors/problem.js';
import { StoreFullError } from '../store/store.js';
import type { Dropped } from './dropped.js';
import type { Session, SessionSettings } from './session.js';

/** Makes a session: its store, whose growth `room` is asked for first, seeded; `replaced` or `after` the one before it. */
export type OpenSession = (
  name: string,
  settings: SessionSettings,
  room: (growth: number) => void,
  before: { replaced?: Session | undefined; after?: Dropped | undefined },
) => Promise<Session>;

/** Who asks for a session, and whether to write: a write (or a reset) makes a session count against SANDBOX_SESSIONS. */
export interface Asking {
  writes: boolean;
  /** The client's address, for SANDBOX_NEW_SESSIONS; none for the sandbox's own (scenario builds). */
  client?: string | undefined;
}

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

/**
 * A place for one more session beside `kind` (the held sessions of its kind) and the `placing` being made: the least
 * recently used idle one is evicted when they fill SANDBOX_SESSIONS; none idle, a 503 is thrown.
 */
export function makePlace(
  kind: Session[],
  placing: number,
  limits: SessionLimits,
  evict: (session: Session) => void,
  what: string,
): void {
  if (kind.length + placing < limits.max) return;
  const [lru] = droppable(kind, limits.idleMs);
  if (lru) return evict(lru);
  const full = `The sandbox holds ${limits.max} ${what}, the most SANDBOX_SESSIONS allows`;
  throw sessionsInUse(full, limits, secondsUntilIdle(kind, limits.idleMs));
}

/**
 * Room for `session` to grow by `growth`, `over` SANDBOX_MAX_BYTES with all `held`: idle sessions evicted, least
 * recently used first, until it fits. Past the budget alone, 507 (StoreFullError); others in use, 503. None is
 * evicted when it cannot fit.
 */
export function makeRoomFor(
  session: Session,
  growth: number,
  over: number,
  held: Session[],
  limits: SessionLimits,
  evict: (session: Session) => void,
): void {
  const { maxBytes, idleMs } = limits;
  if (session.bytes + growth > maxBytes) {
    throw new StoreFullError(
      `this write would take the sandbox's sessions past SANDBOX_MAX_BYTES (${maxBytes} bytes) even with every other session dropped; this session holds ${session.bytes} (POST /sandbox/reset empties its store)`,
    );
  }
  const idle = droppable(held, idleMs, session);
  if (idle.reduce((sum, other) => sum + other.bytes, 0) < over) {
    const what = `This write would take the sandbox's sessions past SANDBOX_MAX_BYTES (${maxBytes} bytes)`;
    throw sessionsInUse(what, limits, secondsUntilIdle(held, idleMs, session));
  }
  evictIdle(idle, over, evict);
}

/** Evicts of `idle`, in order, until `over` bytes are freed; what is left to free. */
export function evictIdle(idle: Session[], over: number, evict: (session: Session) => void): number {
  let left = over;
  for (const other of idle) {
    if (left <= 0) break;
    left -= other.bytes;
    evict(other);
  }
  return left;
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
