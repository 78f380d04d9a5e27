import type { Request } from 'express';
import { StoreFullError } from '../store/store.js';
import { sessionNameOf } from './session-name.js';
import { Session, type SessionSettings } from './session.js';

export { DEFAULT_SESSION, SESSION_COOKIE, SESSION_HEADER } from './session-name.js';
/** The default bound on sessions held at once (SANDBOX_SESSIONS); the least recently used is dropped past it. */
export const DEFAULT_MAX_SESSIONS = 100;
/** The default bound on what all sessions hold together (SANDBOX_MAX_BYTES): a quarter of a 1 GiB heap. */
export const DEFAULT_MAX_BYTES = 256 * 1024 ** 2;
/** The least SANDBOX_MAX_BYTES taken: a session's request log alone may hold 1 MiB. */
export const MIN_MAX_BYTES = 1024 ** 2;

/**
 * The sandbox's sessions: each an isolated store seeded from the examples on first
 * use, held in least-recently-used order, at most `max` at once and `maxBytes` together
 * (Session.bytes). Past either, the least recently used sessions serving no request are
 * dropped; a write they cannot make room for is refused. A request is served from its
 * session's store and clock (enterSession in controls.ts).
 */
export class Sessions {
  private readonly held = new Map<string, Session>();
  /** The most recently used session: asked for again, it needs no move to the end of `held`. */
  private newest: Session | undefined;
  /** Told the name of a session that logged a request, was reset or dropped (GET /sandbox/events). */
  private readonly watchers = new Set<(name: string) => void>();

  constructor(
    private readonly open: (
      name: string,
      settings: SessionSettings,
      room: (growth: number) => void,
      replaced?: Session,
    ) => Promise<Session>,
    readonly max: number,
    readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.held.size;
  }

  /** What the sessions hold together, against `maxBytes`. */
  get bytes(): number {
    let total = 0;
    for (const session of this.held.values()) total += session.bytes;
    return total;
  }

  /** The session a request names: `X-Sandbox-Session`, else the `sandbox-session` cookie, else `default`. */
  nameOf(req: Request): string {
    return sessionNameOf(req);
  }

  /** The named session, made and seeded on first use; now the most recently used. */
  async get(name: string): Promise<Session> {
    const held = this.held.get(name);
    if (!held) return this.replace(name, {});
    this.touch(held);
    return held;
  }

  /** As `get`, for a request served from it: it is not dropped until `leave` (in the same turn, so nothing drops it first). */
  async enter(name: string): Promise<Session> {
    const held = this.held.get(name);
    if (!held) return this.replace(name, {}, true);
    held.inFlight++;
    this.touch(held);
    return held;
  }

  /** The held sessions, most recently used first; none is touched. */
  list(): Session[] {
    return [...this.held.values()].reverse();
  }

  /** Calls `watcher` with a session's name when it logs a request, is reset or dropped, until the function returned is called. */
  watch(watcher: (name: string) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** A request `enter` gave `session` to is answered (and `logged`): room is made for its log, by others first, else by its oldest entries. */
  leave(session: Session, logged = false): void {
    session.inFlight--;
    if (logged) this.tell(session.name);
    this.fit(session);
    const over = this.bytes - this.maxBytes;
    if (over > 0 && this.held.get(session.name) === session) session.log.shrinkTo(session.log.bytes - over);
  }

  /** A fresh session under `name`, with `settings`: the seed again, for this session only. */
  async replace(name: string, settings: SessionSettings, enter = false): Promise<Session> {
    // Its seed is never refused (made before `opened.session` is set); it counts once the session is held.
    const opened: { session?: Session } = {};
    const session = (opened.session = await this.open(
      name,
      settings,
      (growth) => {
        if (opened.session) this.makeRoom(opened.session, growth);
      },
      this.held.get(name), // its log goes on, in a new segment
    ));
    if (enter) session.inFlight++;
    this.held.delete(name);
    this.held.set(name, session);
    this.newest = session;
    this.fit(session);
    this.tell(name);
    return session;
  }

  /** Forgets the named session (its next request starts a fresh one). */
  drop(name: string): void {
    if (this.newest === this.held.get(name)) this.newest = undefined;
    if (this.held.delete(name)) this.tell(name);
  }

  private tell(name: string): void {
    for (const watcher of this.watchers) watcher(name);
  }

  private touch(session: Session): void {
    if (this.newest === session) return;
    this.held.delete(session.name);
    this.held.set(session.name, session);
    this.newest = session;
  }

  /** Before `session` grows by `growth` bytes: drops idle sessions to make room, or throws StoreFullError, dropping none. */
  private makeRoom(session: Session, growth: number): void {
    if (this.held.get(session.name) !== session) return; // replaced or dropped while serving: no one's, and gone once answered
    let over = this.bytes + growth - this.maxBytes;
    if (over <= 0) return;
    const idle = this.idle(session);
    if (idle.reduce((sum, other) => sum + other.bytes, 0) < over) {
      throw new StoreFullError(
        `this write would take the sandbox's sessions past SANDBOX_MAX_BYTES (${this.maxBytes} bytes) even with every other session dropped; this session holds ${session.bytes} (POST /sandbox/reset empties its store)`,
      );
    }
    for (const other of idle) {
      if (over <= 0) break;
      over -= other.bytes;
      this.drop(other.name);
    }
  }

  /** Drops the least recently used idle sessions but `kept` while past either bound. */
  private fit(kept: Session): void {
    let extra = this.held.size - this.max;
    let over = this.bytes - this.maxBytes;
    if (extra <= 0 && over <= 0) return;
    for (const other of this.idle(kept)) {
      if (extra <= 0 && over <= 0) break;
      extra--;
      over -= other.bytes;
      this.drop(other.name);
    }
  }

  /** The sessions but `kept` serving no request, least recently used first. */
  private idle(kept: Session): Session[] {
    return [...this.held.values()].filter((other) => other !== kept && other.inFlight === 0);
  }
}
