/** A session the sandbox dropped: when, why, and how many requests it had logged. */
export interface Dropped {
  /** When it was dropped (the machine's clock, RFC 3339). */
  at: string;
  /** Why, in a sentence: what needed its room. */
  why: string;
  /** Requests it had logged (dropped with it). */
  requests: number;
}

/** The most drops remembered: past it the oldest is forgotten, and its name's next request starts with no word of it. */
export const DROPS_KEPT = 10_000;

/**
 * The sessions dropped to make room, by name, until a request names them again (which starts the
 * session again and says so) or DROPS_KEPT later drops push them out. About 200 bytes each.
 */
export class DroppedSessions {
  private readonly byName = new Map<string, Dropped>();

  constructor(private readonly kept = DROPS_KEPT) {}

  /** Remembers that `name` was dropped. */
  add(name: string, dropped: Dropped): void {
    this.byName.delete(name);
    this.byName.set(name, dropped);
    for (const oldest of this.byName.keys()) {
      if (this.byName.size <= this.kept) break;
      this.byName.delete(oldest);
    }
  }

  /** The drop of `name`, if remembered. */
  get(name: string): Dropped | undefined {
    return this.byName.get(name);
  }

  /** The drop of `name`, forgotten here: the session starting again under it keeps it. */
  take(name: string): Dropped | undefined {
    const dropped = this.byName.get(name);
    this.byName.delete(name);
    return dropped;
  }
}

/**
 * The drop of `session` now, for `why`, its idle time said first. One started again after a drop no answer has told
 * yet keeps that one in this: its requests are added, and its reason follows, so the next answer tells both.
 */
export function droppedFor(
  session: { lastUsed: number; log: { total: number }; startedAgain?: Dropped | undefined; toldDrop: boolean },
  why: string,
): Dropped {
  const idle = Math.round((Date.now() - session.lastUsed) / 1000);
  const untold = session.toldDrop ? undefined : session.startedAgain;
  return {
    at: new Date().toISOString(),
    why: `unused for ${idle} s, it was dropped: ${why}${untold ? `; dropped before that too, at ${untold.at} (${untold.why})` : ''}`,
    requests: session.log.total + (untold?.requests ?? 0),
  };
}

/** `dropped` as the X-Sandbox-Session-Dropped header says it: `<at>; <requests> requests; <why>` (printable ASCII). */
export function droppedHeader({ at, why, requests }: Dropped): string {
  return `${at}; ${requests} request${requests === 1 ? '' : 's'} logged; ${why}`.replace(/[^\x20-\x7e]/g, '?');
}
