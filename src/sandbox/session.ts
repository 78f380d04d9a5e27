import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Clock } from '../lib/clock.js';
import { memoryHits } from '../store/memory/hit-counter.js';
import type { HitCounter, Store } from '../store/store.js';
import { RequestLog } from './history.js';

/** What a session is set to at its reset (`POST /sandbox/reset` with a JSON body). */
export interface SessionSettings {
  /** A fixed instant (RFC 3339): every timestamp the session makes is this one (or, for updatedAt, the least instant after the stored one). */
  clock?: string;
  /** Ids made from this seed in order (UUID v7 at the session's clock), instead of random ones. */
  seed?: string;
  /** The share of /api requests, 0 to 1, answered 503 `unavailable` instead, storing nothing (drawn from the seed when there is one). */
  failureRate?: number;
}

/** One isolated sandbox: its own store, clock, ids, failures, rate-limit counts and request log. */
export class Session implements Clock {
  clockMs: number | undefined;
  private ids: (() => string) | undefined;
  private random: () => number;
  readonly hits: HitCounter = memoryHits(); // per session, so one session's writes never use up another's allowance
  readonly log = new RequestLog();

  constructor(readonly name: string, readonly store: Store, readonly settings: SessionSettings) {
    this.clockMs = settings.clock === undefined ? undefined : Date.parse(settings.clock);
    this.ids = settings.seed === undefined ? undefined : seededIds(settings.seed, () => this.now());
    this.random = settings.seed === undefined ? Math.random : seededRandom(`${settings.seed}/failures`);
  }

  now(): number {
    return this.clockMs ?? Date.now();
  }

  newId(): string {
    return this.ids ? this.ids() : uuidv7({ msecs: this.now() });
  }

  /** Whether this request is one of the failures the session's rate asks for. */
  fails(): boolean {
    const rate = this.settings.failureRate ?? 0;
    return rate > 0 && this.random() < rate;
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

/** mulberry32, seeded from the text's hash: enough for drawing failures repeatably. */
function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
