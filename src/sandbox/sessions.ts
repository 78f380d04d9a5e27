import { HeldSessions, type Making } from './held-sessions.js';
import type { Asking, OpenSession, SessionLimits } from './session-room.js';
import type { Session } from './session.js';
import type { SessionSettings } from './session-settings.js';

export { DEFAULT_SESSION, SESSION_COOKIE, SESSION_HEADER } from './session-name.js';
export type { Asking, OpenSession, SessionLimits } from './session-room.js';

/**
 * The sandbox's sessions, by name: each made once per name, however many requests for it arrive together, and seeded;
 * it counts against SANDBOX_SESSIONS once written to. What they hold, and the room made for them by dropping idle
 * ones, is HeldSessions' (held-sessions.ts).
 */
export class Sessions extends HeldSessions {
  private readonly opening = new Map<string, Promise<Session>>();

  constructor(
    private readonly open: OpenSession,
    limits: SessionLimits,
  ) {
    super(limits);
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
}
