import { setImmediate as nextTurn } from 'node:timers/promises';

/** An item as run receives it: with the resolve and reject of the promise add() returned for it. */
export type Entry<I, R> = I & { resolve(result: R): void; reject(error: unknown): void };

export interface BatchSteps<I, R> {
  /**
   * Runs one batch and settles each entry, now or later (a run may answer its callers
   * after the next batch has started). When it throws, every entry of the batch it left
   * unsettled gets the error, and the next batch goes on.
   */
  run(batch: Entry<I, R>[]): Promise<void>;
  /** The most items one batch takes; the rest wait for the next. Unlimited unless given. */
  maxBatch?: number;
  /** Awaited before each batch is taken, so what arrives meanwhile joins it; when it throws, that batch fails with the error. */
  before?(): Promise<void>;
  /** Called when nothing is left waiting, before idle() resolves. */
  drained?(): void;
}

/**
 * Group commit, once: items added wait and are run together. The first batch starts
 * on the next turn of the event loop, so everything already received joins it; items
 * that arrive while a batch runs wait and share the next one. One batch runs at a time.
 */
export class Batcher<I extends object, R> {
  private waiting: Entry<I, R>[] = [];
  private draining: Promise<void> | undefined;
  private readonly maxBatch: number;

  constructor(private readonly steps: BatchSteps<I, R>) {
    this.maxBatch = steps.maxBatch ?? Infinity;
  }

  /** Waits for a batch; resolves or rejects as run settles this item. */
  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ ...item, resolve, reject });
      this.draining ??= nextTurn().then(() => this.drain());
    });
  }

  /** Whether a batch is running or items wait for one. */
  get busy(): boolean {
    return this.draining !== undefined;
  }

  /** Resolves when nothing is waiting and no batch runs. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Takes the waiting items that match out of the queue, unsettled: their settling is the caller's. */
  withdraw(match: (entry: Entry<I, R>) => boolean): Entry<I, R>[] {
    const taken: Entry<I, R>[] = [];
    const kept: Entry<I, R>[] = [];
    for (const entry of this.waiting) (match(entry) ? taken : kept).push(entry);
    this.waiting = kept;
    return taken;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      let failure: { error: unknown } | undefined;
      if (this.steps.before)
        await this.steps.before().catch((error: unknown) => {
          failure = { error };
        });
      const batch = this.take();
      try {
        if (failure) throw failure.error;
        await this.steps.run(batch);
      } catch (error) {
        for (const entry of batch) entry.reject(error); // a no-op for those run settled
      }
    }
    this.steps.drained?.();
    this.draining = undefined;
  }

  private take(): Entry<I, R>[] {
    if (this.waiting.length <= this.maxBatch) {
      const batch = this.waiting;
      this.waiting = [];
      return batch;
    }
    return this.waiting.splice(0, this.maxBatch);
  }
}
