import { HttpProblem } from '../errors/problem.js';
import { StoreFullError } from '../store/store.js';
import { LOG_BYTES } from './request-log.js';
import type { Session, SessionStart } from './session.js';
import type { SessionSettings } from './session-settings.js';

/** Makes a session: its store, whose growth `room` is asked for first, seeded; after `start` (the session replaced, a drop). */
export type OpenSession = (
  name: string,
  settings: SessionSettings,
  room: (growth: number) => void,
  start: Omit<SessionStart, 'version'>,
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
  /** SANDBOX_MAX_BYTES: what all sessions hold together, records and the room each request log may take (logBytesOf). */
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

/**
 * Whole seconds, at least 1, until the first of `held` (but `kept`) has been idle for `idleMs`: one serving a request
 * at least `idleMs` from now, since it is used until it is answered.
 */
export function secondsUntilIdle(held: Iterable<Session>, idleMs: number, kept?: Session, now = Date.now()): number {
  let soonest = Number.POSITIVE_INFINITY;
  for (const session of held) {
    if (session === kept) continue;
    soonest = Math.min(soonest, session.inFlight > 0 ? idleMs : session.lastUsed + idleMs - now);
  }
  return Number.isFinite(soonest) ? Math.max(1, Math.ceil(soonest / 1000)) : Math.max(1, Math.ceil(idleMs / 1000));
}

/**
 * The place for one more session beside `kind` (the held sessions of its kind) and the `placing` being made: none
 * needed while they are fewer than SANDBOX_SESSIONS, else the least recently used idle one's, to evict; none idle,
 * a 503 is thrown.
 */
export function placeFor(kind: Session[], placing: number, limits: SessionLimits, what: string): Session | undefined {
  if (kind.length + placing < limits.max) return undefined;
  const [lru] = droppable(kind, limits.idleMs);
  if (lru) return lru;
  const full = `The sandbox holds ${limits.max} ${what}, the most SANDBOX_SESSIONS allows`;
  throw sessionsInUse(full, limits, secondsUntilIdle(kind, limits.idleMs));
}

/**
 * The room a session's request log may take: its last LOG_SIZE requests in at most 1 MiB, or less, so that the logs
 * of all the sessions SANDBOX_SESSIONS allows (twice it: those written to and those only read) take at most three
 * quarters of SANDBOX_MAX_BYTES (100 ordinary requests take about 130 KB). Each session's log is counted at this room from its start, so a log never needs room that
 * others took, and is cut only by its own requests.
 */
export function logBytesOf({ max, maxBytes }: Pick<SessionLimits, 'max' | 'maxBytes'>): number {
  return Math.min(LOG_BYTES, Math.floor((maxBytes * 3) / (8 * max)));
}

/**
 * Room for a session holding `own` bytes (and its log's room) to grow by `growth`, `over` SANDBOX_MAX_BYTES with all
 * `held`: idle sessions evicted, least recently used first, until it fits. Past the budget alone, 507
 * (StoreFullError); others in use, 503. None is evicted when it cannot fit.
 */
export function makeRoomFor(
  own: number,
  growth: number,
  over: number,
  held: Session[],
  limits: SessionLimits,
  evict: (session: Session) => void,
  kept?: Session,
): void {
  const { maxBytes, idleMs } = limits;
  if (own + logBytesOf(limits) + growth > maxBytes) {
    throw new StoreFullError(
      `this write would take the sandbox's sessions past SANDBOX_MAX_BYTES (${maxBytes} bytes) even with every other session dropped; this session holds ${own} beside its log's room of ${logBytesOf(limits)} (POST /sandbox/reset empties its store)`,
    );
  }
  const idle = droppable(held, idleMs, kept);
  const freed = idle.reduce((sum, other) => sum + other.store.bytes + logBytesOf(limits), 0);
  if (freed < over) {
    const what = `This write would take the sandbox's sessions past SANDBOX_MAX_BYTES (${maxBytes} bytes)`;
    throw sessionsInUse(what, limits, secondsUntilIdle(held, idleMs, kept));
  }
  evictIdle(idle, over, logBytesOf(limits), evict);
}

/** Evicts of `idle`, in order, until `over` bytes are freed (each its store and its log's room `logBytes`). */
function evictIdle(idle: Session[], over: number, logBytes: number, evict: (session: Session) => void): void {
  let left = over;
  for (const other of idle) {
    if (left <= 0) break;
    left -= other.store.bytes + logBytes;
    evict(other);
  }
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
