import { FixedWindows } from '../lib/fixed-windows.js';
import { DroppedSessions, droppedFor } from './dropped.js';
import { logBytesOf, makeRoomFor, placeFor, tooManyStarts, type SessionLimits } from './session-room.js';
import { Session } from './session.js';
import { Watchers } from './watchers.js';

/** A session being made: its seed's bytes so far, the session it replaces, and itself once opened. */
export interface Making {
  bytes: number;
  replaced: Session | undefined;
  session?: Session;
}

/**
 * The sandbox's sessions held, by name, in least-recently-used order, and the bounds they and those being made count
 * against (Sessions, sessions.ts, makes them): a session written to takes a place among SANDBOX_SESSIONS, and each its
 * bytes of SANDBOX_MAX_BYTES. Room is made by dropping sessions idle for SANDBOX_SESSION_IDLE (session-room.ts), each
 * remembered so its next request says so; when none is, the request that needs room is refused, and nothing held is lost.
 */
export class HeldSessions {
  protected readonly held = new Map<string, Session>();
  private readonly starts = new FixedWindows();
  /** Places taken by sessions admitted and still being made (seeded): counted against the bound as held ones are. */
  protected readonly placing = { counted: 0, read: 0 };
  /** Sessions being made: their seed's bytes so far count against the budget, less the session a reset replaces. */
  protected readonly making = new Set<Making>();
  readonly dropped = new DroppedSessions();
  /** Told the name of a session that logged a request, was reset or dropped (GET /sandbox/events). */
  readonly watchers = new Watchers();

  constructor(readonly limits: SessionLimits) {}

  /** What the budget counts, against SANDBOX_MAX_BYTES: each session's store and its log's room, held or being made. */
  get bytes(): number {
    let total = 0;
    for (const session of this.held.values()) total += session.store.bytes + this.logBytes;
    for (const made of this.making)
      total += made.bytes + this.logBytes - (made.replaced ? made.replaced.store.bytes + this.logBytes : 0);
    return total;
  }

  /** The room each session's request log may take (logBytesOf): counted for it from its start. */
  get logBytes(): number {
    return logBytesOf(this.limits);
  }

  /** The named session if held; none is made, none touched. */
  find(name: string): Session | undefined {
    return this.held.get(name);
  }

  /** The held sessions, most recently used first; none is touched. */
  list(): Session[] {
    return [...this.held.values()].reverse();
  }

  /** Forgets the named session, with no word to its next request (the sandbox's own: a scenario's build). */
  drop(name: string): void {
    if (this.held.delete(name)) this.watchers.tell(name);
  }

  /** A place for one more session (written to: `counted`) started by `client`, or a 503 or 429 problem thrown, in that order. */
  protected admit(counted: boolean, client?: string): void {
    const kind = [...this.held.values()].filter((session) => session.counted === counted);
    const what = `session${this.limits.max === 1 ? '' : 's'} ${counted ? 'written to' : 'only read from'}`;
    const lru = placeFor(kind, this.placing[counted ? 'counted' : 'read'], this.limits, what);
    // Counted once a place is found: a client refused for room has started nothing.
    if (counted && client !== undefined) {
      const { count, resetAt } = this.starts.hit(client, 60_000);
      if (count > this.limits.startsPerMinute) throw tooManyStarts(this.limits, resetAt);
    }
    if (lru) this.evict(lru, `a new session needed its place among the ${this.limits.max} ${what} (SANDBOX_SESSIONS)`);
  }

  /** Before a session (held, or being made) grows by `growth` bytes: drops idle sessions to make room, or throws (507 alone, 503 others in use). */
  protected makeRoom(made: Making | Session, growth: number): void {
    const session = made instanceof Session ? made : made.session;
    if (session && this.held.get(session.name) !== session) return; // replaced or dropped while serving: gone once answered
    const over = this.bytes + growth - this.limits.maxBytes;
    if (over > 0) {
      const evict = (other: Session) =>
        this.evict(other, `its room was needed under SANDBOX_MAX_BYTES (${this.limits.maxBytes} bytes)`);
      const own = session ? session.store.bytes : (made as Making).bytes;
      makeRoomFor(own, growth, over, [...this.held.values()], this.limits, evict, session ?? (made as Making).replaced);
    }
    if (!session) (made as Making).bytes += growth;
  }

  /** The session most recently used now. */
  protected touch(session: Session): void {
    session.lastUsed = Date.now();
    this.held.delete(session.name);
    this.held.set(session.name, session);
  }

  /** Drops `session` to make room, remembered so the next request naming it is told. */
  private evict(session: Session, why: string): void {
    this.dropped.add(session.name, droppedFor(session, why));
    this.drop(session.name);
  }
}
