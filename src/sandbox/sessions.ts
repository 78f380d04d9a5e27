import { FixedWindows } from '../lib/fixed-windows.js';
import { DroppedSessions, droppedFor } from './dropped.js';
import {
  logBytesOf,
  makeRoomFor,
  placeFor,
  tooManyStarts,
  type Asking,
  type OpenSession,
  type SessionLimits,
} from './session-room.js';
import { Session } from './session.js';
import type { SessionSettings } from './session-settings.js';
import { Watchers } from './watchers.js';

export { DEFAULT_SESSION, SESSION_COOKIE, SESSION_HEADER } from './session-name.js';
export type { Asking, OpenSession, SessionLimits } from './session-room.js';

/** A session being made: its seed's bytes so far, the session it replaces, and itself once opened. */
interface Making {
  bytes: number;
  replaced: Session | undefined;
  session?: Session;
}

/**
 * The sandbox's sessions, by name, in least-recently-used order. A session is made once per name, however many
 * requests for it arrive together, and seeded; it counts against SANDBOX_SESSIONS once written to. Room (a count,
 * SANDBOX_MAX_BYTES) is made by dropping sessions idle for SANDBOX_SESSION_IDLE (session-room.ts), each remembered
 * so its next request says so; when none is, the request that needs room is refused, and nothing held is lost.
 */
export class Sessions {
  private readonly held = new Map<string, Session>();
  private readonly opening = new Map<string, Promise<Session>>();
  private readonly starts = new FixedWindows();
  /** Places taken by sessions admitted and still being made (seeded): counted against the bound as held ones are. */
  private readonly placing = { counted: 0, read: 0 };
  /** Sessions being made: their seed's bytes so far count against the budget, less the session a reset replaces. */
  private readonly making = new Set<Making>();
  readonly dropped = new DroppedSessions();
  /** Told the name of a session that logged a request, was reset or dropped (GET /sandbox/events). */
  readonly watchers = new Watchers();

  constructor(
    private readonly open: OpenSession,
    readonly limits: SessionLimits,
  ) {}

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

  /** The named session, made once and seeded on first use, for a request served from it until `leave`. */
  async enter(name: string, asking: Asking): Promise<Session> {
    return (await this.entered(name, asking)).session;
  }

  /** As `enter`, saying whether this request made the session count (a write to a session new or only read from). */
  async entered(name: string, asking: Asking): Promise<{ session: Session; counted: boolean }> {
    let made: Session | undefined;
    for (;;) {
      const held = this.held.get(name);
      if (held) {
        const counting = asking.writes && !held.counted;
        if (counting) this.admit(true, asking.client);
        held.counted ||= asking.writes;
        held.inFlight++;
        this.touch(held);
        return { session: held, counted: counting || (made === held && asking.writes) };
      }
      const opening = this.opening.get(name);
      if (opening) await opening.catch(() => undefined);
      else this.admit(asking.writes, asking.client);
      // Made (or found made): the next turn of the loop enters it.
      if (!opening) made = await this.start(name, {}, asking.writes, true);
    }
  }

  /**
   * A request `enter` gave `session` to is answered (and `logged`, within its log's own room). One that made it count
   * (`counted`: it was only read from before) and wrote nothing, refused, gives the place back while the sessions only
   * read from have room: a refused write takes no place for SANDBOX_SESSION_IDLE.
   */
  leave(session: Session, logged = false, counted?: { wrote: boolean }): void {
    session.inFlight--;
    session.lastUsed = Date.now();
    if (logged) this.watchers.tell(session.name);
    if (!counted || counted.wrote || session.inFlight > 0 || this.held.get(session.name) !== session) return;
    const read = [...this.held.values()].filter((other) => !other.counted).length;
    if (read < this.limits.max) session.counted = false;
  }

  /** A fresh session under `name`, with `settings` (a reset, a scenario's build): counted, its log going on in a new segment. */
  async replace(name: string, settings: SessionSettings, client?: string): Promise<Session> {
    for (let opening = this.opening.get(name); opening; opening = this.opening.get(name))
      await opening.catch(() => undefined);
    const held = this.held.get(name);
    if (!held?.counted) this.admit(true, client);
    return this.start(name, settings, true, !held?.counted);
  }

  /** Forgets the named session, with no word to its next request (the sandbox's own: a scenario's build). */
  drop(name: string): void {
    if (this.held.delete(name)) this.watchers.tell(name);
  }

  /** Makes the session under `name` once: whoever asks meanwhile waits for it (`opening`); its seed is counted as it grows. */
  private start(name: string, settings: SessionSettings, counted: boolean, placed = false): Promise<Session> {
    const place = counted ? 'counted' : 'read';
    if (placed) this.placing[place]++;
    const replaced = this.held.get(name);
    const after = replaced ? undefined : this.dropped.get(name); // taken once the session is held: a failed start tells it still
    const made: Making = { bytes: 0, replaced };
    this.making.add(made);
    const room = (growth: number) => this.makeRoom(made, growth);
    const opening = (async () => {
      try {
        const session = (made.session = await this.open(name, settings, room, {
          replaced,
          after,
          logBytes: this.logBytes,
        }));
        session.counted = counted;
        if (after) this.dropped.take(name);
        this.held.delete(name);
        this.held.set(name, session);
        this.watchers.tell(name);
        return session;
      } finally {
        // In the same turn as it is held: its place and bytes are never counted twice, nor left free meanwhile.
        this.opening.delete(name);
        this.making.delete(made);
        if (placed) this.placing[place]--;
      }
    })();
    this.opening.set(name, opening);
    return opening;
  }

  /** A place for one more session (written to: `counted`) started by `client`, or a 503 or 429 problem thrown, in that order. */
  private admit(counted: boolean, client?: string): void {
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
  private makeRoom(made: Making | Session, growth: number): void {
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

  /** Drops `session` to make room, remembered so the next request naming it is told. */
  private evict(session: Session, why: string): void {
    this.dropped.add(session.name, droppedFor(session, why));
    this.drop(session.name);
  }

  private touch(session: Session): void {
    session.lastUsed = Date.now();
    this.held.delete(session.name);
    this.held.set(session.name, session);
  }
}
