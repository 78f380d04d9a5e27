import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** The heap in use and its limit, in bytes. */
export interface HeapReading {
  used: number;
  limit: number;
}

const readHeap = (): HeapReading => {
  const { used_heap_size: used, heap_size_limit: limit } = getHeapStatistics();
  return { used, limit };
};

/** While full, the heap is read again this often: what was freed shows before the next full collection. */
const RECHECK_MS = 1000;

/**
 * Whether the heap keeps `reserveBytes` free. Full is decided after a full collection, when what is
 * in use is what is live (between collections garbage counts too), and over again by any reading with
 * the reserve free.
 */
export class HeapWatch {
  private isFull = false;
  private observer: PerformanceObserver | undefined;
  private recheck: NodeJS.Timeout | undefined;

  constructor(
    readonly reserveBytes: number,
    private readonly read: () => HeapReading = readHeap,
  ) {}

  get full(): boolean {
    return this.isFull;
  }

  /** Reads the heap after each full collection from now on. */
  start(): this {
    this.observer = new PerformanceObserver((list) => {
      const major = list
        .getEntries()
        .some(
          (entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
        );
      if (major) this.afterFullCollection();
    });
    this.observer.observe({ entryTypes: ['gc'] });
    return this;
  }

  /** What is in use now is live: decides full either way. */
  afterFullCollection(): void {
    this.isFull = !this.hasRoom();
    if (this.isFull) this.recheck ??= setInterval(() => this.whileFull(), RECHECK_MS).unref();
  }

  stop(): void {
    this.observer?.disconnect();
    clearInterval(this.recheck);
  }

  private whileFull(): void {
    if (!this.hasRoom()) return;
    this.isFull = false;
    clearInterval(this.recheck);
    this.recheck = undefined;
  }

  private hasRoom(): boolean {
    const { used, limit } = this.read();
    return used + this.reserveBytes <= limit;
  }
}
