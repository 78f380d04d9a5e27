import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Clock } from '../lib/clock.js';
import { instantMs } from '../lib/time.js';

/** A session's clock: a fixed instant when its reset or X-Sandbox-Clock set one, else the machine's; ids from its seed when it has one. */
export class SessionClock implements Clock {
  /** The fixed instant, in milliseconds; undefined while the session runs on the machine's clock. */
  fixedMs: number | undefined;
  private readonly ids: (() => string) | undefined;

  constructor(settings: { clock?: string; seed?: string }) {
    this.fixedMs = settings.clock === undefined ? undefined : instantMs(settings.clock); // checked by the reset (routes.ts)
    this.ids = settings.seed === undefined ? undefined : seededIds(settings.seed, () => this.now());
  }

  now(): number {
    return this.fixedMs ?? Date.now();
  }

  newId(): string {
    return this.ids ? this.ids() : uuidv7({ msecs: this.now() });
  }
}

/** UUID v7s whose time is the session's clock and whose other bits come from SHA-256 of the seed and a count: the same seed, the same ids. */
function seededIds(seed: string, now: () => number): () => string {
  let count = 0;
  return () => {
    const bytes = createHash('sha256').update(`${seed}\u0000${count++}`).digest().subarray(0, 16);
    bytes.writeUIntBE(now(), 0, 6);
    bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
    bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}
