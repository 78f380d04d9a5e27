/** A key's current window: the hits counted in it, and when it ends (ms since the epoch). */
export interface Window {
  readonly count: number;
  readonly resetAt: number;
}

/**
 * Hits per key in fixed windows, in this process. A key's first hit, or its first
 * once its window has ended, starts a window of `windowMs`; keys idle for a whole
 * window are forgotten, so the map holds only the keys of the last window or so.
 */
export class FixedWindows {
  private readonly byKey = new Map<string, { count: number; resetAt: number }>();
  private sweepAt = 0;

  /** Counts one hit of `key`; returns its window, which later hits change (no copy per hit: the rate limit runs on every write). */
  hit(key: string, windowMs: number, now = Date.now()): Window {
    if (now >= this.sweepAt) this.sweep(now, windowMs);
    let window = this.byKey.get(key);
    if (!window || now >= window.resetAt) this.byKey.set(key, (window = { count: 0, resetAt: now + windowMs }));
    window.count++;
    return window;
  }

  /** Forgets the hits of `key`. */
  reset(key: string): void {
    this.byKey.delete(key);
  }

  /** How many keys it remembers. */
  get size(): number {
    return this.byKey.size;
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, window] of this.byKey) if (now >= window.resetAt) this.byKey.delete(key);
    this.sweepAt = now + windowMs;
  }
}
