import { FixedWindows } from '../lib/fixed-windows.js';
import { DroppedSessions, droppedFor } from './dropped.js';
import {
  droppable,
  evictIdle,
  makePlace,
  makeRoomFor,
  tooManyStarts,
  type Asking,
  type OpenSession,
  type SessionLimits,
} from './session-room.js';
import type { Session, SessionSettings } from './session.js';
import { Watchers } from './watchers.js';

export { DEFAULT_SESSION, SESSION_COOKIE, SESSION_HEADER } from './session-name.js';
export type { Asking, OpenSession, SessionLimits } from './session-room.js';

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
  readonly dropped = new DroppedSessions();
  /** Told the name of a session that logged a request, was reset or dropped (GET /sandbox/events). */
  readonly watchers = new Watchers();

  constructor(
    private readonly open: OpenSession,
    readonly limits: SessionLimits,
  ) {}

  /** What the sessions hold together, against SANDBOX_MAX_BYTES. */
  get bytes(): number {
    let total = 0;
    for (const session of this.held.values()) total += session.bytes;
    return total;
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
    for (;;) {
      const held = this.held.get(name);
      if (held) {
        if (asking.writes && !held.counted) this.admit(true, asking.client);
        held.counted ||= asking.writes;
        held.inFlight++;
        this.touch(held);
        return held;
      }
      const opening = this.opening.get(name);
      if (opening) await opening.catch(() => undefined);
      else this.admit(asking.writes, asking.client);
      // Made (or found made): the next turn of the loop enters it.
      if (!opening) await this.start(name, {}, asking.writes, true);
    }
  }

  /** A request `enter` gave `session` to is answered (and `logged`): room is made for its log, by others first, else by its oldest entries. */
  leave(session: Session, logged = false): void {
    session.inFlight--;
    session.lastUsed = Date.now();
    if (logged) this.watchers.tell(session.name);
    const over = this.bytes - this.limits.maxBytes;
    if (over <= 0) return;
    const why = 'its room was needed for the request logs of sessions in use';
    const left = evictIdle(droppable(this.held.values(), this.limits.idleMs, session), over, (other) =>
      this.evict(other, why),
    );
    if (left > 0 && this.held.get(session.name) === session) session.log.shrinkTo(session.log.bytes - left);
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

  /** Makes the session under `name` once: whoever asks meanwhile waits for it (`opening`). */
  private start(name: string, settings: SessionSettings, counted: boolean, placed = false): Promise<Session> {
    const place = counted ? 'counted' : 'read';
    if (placed) this.placing[place]++;
    const replaced = this.held.get(name);
    const after = replaced ? undefined : this.dropped.take(name);
    const made: { session?: Session } = {};
    const room = (growth: number) => made.session && this.makeRoom(made.session, growth);
    const opening = (async () => {
      try {
        // Its seed is never refused (made before `made.session` is set); it counts once the session is held.
        const session = (made.session = await this.open(name, settings, room, { replaced, after }));
        session.counted = counted;
        this.held.delete(name);
        this.held.set(name, session);
        this.watchers.tell(name);
        return session;
      } finally {
        // In the same turn as it is held: its place is never counted twice, nor left free meanwhile.
        this.opening.delete(name);
        if (placed) this.placing[place]--;
      }
    })();
    this.opening.set(name, opening);
    return opening;
  }

  /** A place for one more session (written to: `counted`) started by `client`, or a 429 or 503 problem thrown. */
  private admit(counted: boolean, client?: string): void {
    if (counted && client !== undefined) {
      const { count, resetAt } = this.starts.hit(client, 60_000);
      if (count > this.limits.startsPerMinute) throw tooManyStarts(this.limits, resetAt);
    }
    const kind = [...this.held.values()].filter((session) => session.counted === counted);
    const what = counted ? 'sessions written to' : 'sessions only read from';
    const why = `a new session needed its place among the ${this.limits.max} ${what} (SANDBOX_SESSIONS)`;
    makePlace(kind, this.placing[counted ? 'counted' : 'read'], this.limits, (lru) => this.evict(lru, why), what);
  }

  /** Before `session` grows by `growth` bytes: drops idle sessions to make room, or throws (507 alone, 503 others in use), dropping none. */
  private makeRoom(session: Session, growth: number): void {
    if (this.held.get(session.name) !== session) return; // replaced or dropped while serving: no one's, and gone once answered
    const over = this.bytes + growth - this.limits.maxBytes;
    if (over <= 0) return;
    const evict = (other: Session) =>
      this.evict(other, `its room was needed under SANDBOX_MAX_BYTES (${this.limits.maxBytes} bytes)`);
    makeRoomFor(session, growth, over, [...this.held.values()], this.limits, evict);
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
