import type { Request } from 'express';
import { FixedWindows } from '../lib/fixed-windows.js';
import { StoreFullError } from '../store/store.js';
import { DroppedSessions, type Dropped } from './dropped.js';
import { sessionNameOf } from './session-name.js';
import { droppable, secondsUntilIdle, sessionsInUse, tooManyStarts, type SessionLimits } from './session-room.js';
import { Session, type SessionSettings } from './session.js';

export { DEFAULT_SESSION, SESSION_COOKIE, SESSION_HEADER } from './session-name.js';
export type { SessionLimits } from './session-room.js';

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
  private readonly watchers = new Set<(name: string) => void>();

  constructor(
    private readonly open: OpenSession,
    readonly limits: SessionLimits,
  ) {}

  /** Sessions held, counted or not. */
  get size(): number {
    return this.held.size;
  }

  /** What the sessions hold together, against SANDBOX_MAX_BYTES. */
  get bytes(): number {
    let total = 0;
    for (const session of this.held.values()) total += session.bytes;
    return total;
  }

  /** The session a request names: `X-Sandbox-Session`, else the `sandbox-session` cookie, else `default`. */
  nameOf(req: Request): string {
    return sessionNameOf(req);
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
        if (asking.writes && !held.counted) this.admit(asking.client, held);
        held.counted ||= asking.writes;
        held.inFlight++;
        this.touch(held);
        return held;
      }
      const opening = this.opening.get(name);
      if (opening) await opening.catch(() => undefined);
      else if (asking.writes) this.admit(asking.client);
      else this.admitRead();
      // Made (or found made): the next turn of the loop enters it.
      if (!opening) await this.start(name, {}, asking.writes, true);
    }
  }

  /** A request `enter` gave `session` to is answered (and `logged`): room is made for its log, by others first, else by its oldest entries. */
  leave(session: Session, logged = false): void {
    session.inFlight--;
    session.lastUsed = Date.now();
    if (logged) this.tell(session.name);
    let over = this.bytes - this.limits.maxBytes;
    for (const other of droppable(this.held.values(), this.limits.idleMs, session)) {
      if (over <= 0) break;
      over -= other.bytes;
      this.evict(other, 'its room was needed for the request logs of sessions in use');
    }
    if (over > 0 && this.held.get(session.name) === session) session.log.shrinkTo(session.log.bytes - over);
  }

  /** A fresh session under `name`, with `settings` (a reset, a scenario's build): counted, its log going on in a new segment. */
  async replace(name: string, settings: SessionSettings, client?: string): Promise<Session> {
    for (let opening = this.opening.get(name); opening; opening = this.opening.get(name))
      await opening.catch(() => undefined);
    const held = this.held.get(name);
    if (!held?.counted) this.admit(client, held);
    return this.start(name, settings, true, !held?.counted);
  }

  /** Forgets the named session, with no word to its next request (the sandbox's own: a scenario's build). */
  drop(name: string): void {
    if (this.held.delete(name)) this.tell(name);
  }

  /** Calls `watcher` with a session's name when it logs a request, is reset or dropped, until the function returned is called. */
  watch(watcher: (name: string) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
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
        this.tell(name);
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

  /** Room for one more counted session (`promoted`, or a new one) started by `client`, or a 429 or 503 problem thrown. */
  private admit(client: string | undefined, promoted?: Session): void {
    if (client !== undefined) {
      const { count, resetAt } = this.starts.hit(client, 60_000);
      if (count > this.limits.startsPerMinute) throw tooManyStarts(this.limits, resetAt);
    }
    const counted = [...this.held.values()].filter((session) => session.counted);
    if (counted.length + this.placing.counted < this.limits.max) return;
    const [lru] = droppable(counted, this.limits.idleMs, promoted);
    if (!lru) {
      const what = `The sandbox holds the ${this.limits.max} written-to sessions SANDBOX_SESSIONS allows`;
      throw sessionsInUse(what, this.limits, secondsUntilIdle(counted, this.limits.idleMs, promoted));
    }
    this.evict(lru, `a new session needed its place among the ${this.limits.max} of SANDBOX_SESSIONS`);
  }

  /** Room for one more session only read from: those only read from are held as many as counted ones may be. */
  private admitRead(): void {
    const read = [...this.held.values()].filter((session) => !session.counted);
    if (read.length + this.placing.read < this.limits.max) return;
    const [lru] = droppable(read, this.limits.idleMs);
    if (!lru) {
      const what = `The sandbox holds the ${this.limits.max} sessions only read from that SANDBOX_SESSIONS allows`;
      throw sessionsInUse(what, this.limits, secondsUntilIdle(read, this.limits.idleMs));
    }
    this.evict(lru, `a new session needed its place among the ${this.limits.max} only read from`);
  }

  /** Before `session` grows by `growth` bytes: drops idle sessions to make room, or throws (507 alone, 503 others in use), dropping none. */
  private makeRoom(session: Session, growth: number): void {
    if (this.held.get(session.name) !== session) return; // replaced or dropped while serving: no one's, and gone once answered
    const { maxBytes, idleMs } = this.limits;
    let over = this.bytes + growth - maxBytes;
    if (over <= 0) return;
    if (session.bytes + growth > maxBytes) {
      throw new StoreFullError(
        `this write would take the sandbox's sessions past SANDBOX_MAX_BYTES (${maxBytes} bytes) even with every other session dropped; this session holds ${session.bytes} (POST /sandbox/reset empties its store)`,
      );
    }
    const idle = droppable(this.held.values(), idleMs, session);
    if (idle.reduce((sum, other) => sum + other.bytes, 0) < over) {
      const what = `This write would take the sandbox's sessions past SANDBOX_MAX_BYTES (${maxBytes} bytes)`;
      throw sessionsInUse(what, this.limits, secondsUntilIdle(this.held.values(), idleMs, session));
    }
    for (const other of idle) {
      if (over <= 0) break;
      over -= other.bytes;
      this.evict(other, `its room was needed under SANDBOX_MAX_BYTES (${maxBytes} bytes)`);
    }
  }

  /** Drops `session` to make room, remembered so the next request naming it is told. */
  private evict(session: Session, why: string): void {
    const idle = Math.round((Date.now() - session.lastUsed) / 1000);
    this.dropped.add(session.name, {
      at: new Date().toISOString(),
      why: `unused for ${idle} s, it was dropped: ${why}`,
      requests: session.log.total,
    });
    this.drop(session.name);
  }

  private tell(name: string): void {
    for (const watcher of this.watchers) watcher(name);
  }

  private touch(session: Session): void {
    session.lastUsed = Date.now();
    this.held.delete(session.name);
    this.held.set(session.name, session);
  }
}
