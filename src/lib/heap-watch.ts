import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { collectGarbage } from './collect-garbage.js';

/** The heap in use and its limit, in bytes. */
export interface HeapReading {
  used: number;
  limit: number;
}

/** What the guard judges by, for /metrics. */
export interface HeapFigures {
  /** The heap in use just after the latest full collection (V8's own or the guard's): what is held, no garbage. */
  liveBytes: number;
  /** What it kept free beside that, at that moment: for what might yet arrive, and to run. */
  reservedBytes: number;
}

export interface HeapWatchParts {
  read: () => HeapReading;
  /** One full collection, now; false where the runtime gives none. */
  collect: () => boolean;
  /** Milliseconds, for the time a collection took. */
  clock: () => number;
}

const readHeap = (): HeapReading => {
  const { used_heap_size: used, heap_size_limit: limit } = getHeapStatistics();
  return { used, limit };
};

/** Collecting for the guard takes at most this share of the time while what is held leaves no room. */
const COLLECTING_SHARE = 0.1;

/** What a full collection left: the heap in use (live), the reserve at that moment, and the limit. */
interface Collected {
  live: number;
  reserved: number;
  limit: number;
}

/**
 * Whether the heap keeps `reserve()` free beside what the process holds, decided afresh for each write that would grow
 * the store, on the figures of the moment. The heap in use now counts garbage too: when that leaves the reserve free,
 * there is room. Else, what the latest full collection (V8's own) left, when all in use was live, with the reserve of
 * that moment: room then is room. Only when that found none too is a full collection made at once and the heap read
 * again, since garbage made since (refused requests' included) may be what takes the room; a collection that finds no
 * room is not made again until nine times its own time has passed, so collecting takes at most a tenth of the time.
 */
export class HeapWatch {
  private last: Collected | undefined;
  /** A collection of the guard's found no room: until then, none is made again. */
  private fullUntil = Number.NEGATIVE_INFINITY;
  /** When the guard's latest collection ran (its clock's milliseconds, V8's entries' too). */
  private collecting = { from: Number.NaN, to: Number.NaN };
  private observer: PerformanceObserver | undefined;
  private readonly parts: HeapWatchParts;

  constructor(
    private readonly reserve: () => number,
    parts: Partial<HeapWatchParts> = {},
  ) {
    this.parts = { read: readHeap, collect: collectGarbage, clock: () => performance.now(), ...parts };
  }

  /** Collects once, so the figures start from what is live, and reads the heap after each of V8's own full collections. */
  start(): this {
    if (this.parts.collect()) this.afterFullCollection();
    this.observer = new PerformanceObserver((list) => {
      // The guard's own collections are read as they end; read later, the requests then in flight may be gone.
      const major = list
        .getEntries()
        .some(
          (entry) =>
            (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR &&
            !(entry.startTime >= this.collecting.from && entry.startTime <= this.collecting.to),
        );
      if (major) this.afterFullCollection();
    });
    this.observer.observe({ entryTypes: ['gc'] });
    return this;
  }

  /** What is in use now is what is live: kept with the reserve of this moment. Resolves to whether that leaves room. */
  afterFullCollection(): boolean {
    const { used, limit } = this.parts.read();
    this.last = { live: used, reserved: this.reserve(), limit };
    return used + this.last.reserved <= limit;
  }

  /** Whether a write may grow what the process holds. */
  hasRoom(): boolean {
    const now = this.parts.read();
    if (now.used + this.reserve() <= now.limit) return true;
    if (this.last && this.last.live + this.last.reserved <= this.last.limit) return true;
    if (this.parts.clock() < this.fullUntil) return false;
    const started = this.parts.clock();
    const collected = this.parts.collect();
    this.collecting = { from: started, to: this.parts.clock() };
    if (!collected) return false;
    if (this.afterFullCollection()) return true;
    this.fullUntil = this.collecting.to + (this.collecting.to - started) * (1 / COLLECTING_SHARE - 1);
    return false;
  }

  /** What the latest full collection left, and the reserve of that moment: the room the guard judged by last. */
  figures(): HeapFigures {
    return this.last
      ? { liveBytes: this.last.live, reservedBytes: this.last.reserved }
      : { liveBytes: this.parts.read().used, reservedBytes: this.reserve() };
  }

  stop(): void {
    this.observer?.disconnect();
  }
}
