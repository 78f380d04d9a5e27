import { Batcher, type Entry } from '../../../lib/batcher.js';
import type { Op } from './record-text.js';

/** A change waiting for its batch, with its record's id. */
type Waiting<T extends Op> = Entry<{ op: T; id: string }, void>;

export interface CommitSteps<T extends Op = Op> {
  /** Makes a batch durable (one journal append), or throws and keeps none of it. */
  persist(ops: T[]): Promise<void>;
  /** Makes a durable change readable. */
  apply(op: T): void;
  /** Runs between batches, while no batch is being persisted (checkpoints rotate the journal here). */
  between(): Promise<void>;
  /** Turns a persist failure into what every waiting caller of that batch gets. */
  failure(error: unknown): Error;
  /** Hears the changes a failure dropped, once none of their records is staged any more. */
  dropped?(ops: T[]): void;
}

const idOf = ([collection, key]: Op) => `${collection}\u0000${key}`;

/**
 * Group commit (the batching is lib/batcher's). Until its batch is durable a change
 * is only staged: later changes of the same record build on it, but reads see the
 * committed state. When a batch fails, its changes are dropped, and so is every
 * waiting change built on them; all of their callers get the failure.
 */
export class CommitQueue<T extends Op = Op> {
  private readonly batcher: Batcher<{ op: T; id: string }, void>;
  private readonly staged = new Map<string, { op: T | undefined; count: number }>();
  /** Persisted, their callers not answered yet. */
  private durable: Waiting<T>[] = [];
  /** A betweenBatches task under way: the next batch waits for it. */
  private holding: Promise<void> | undefined;

  constructor(private readonly steps: CommitSteps<T>) {
    this.batcher = new Batcher({
      before: () => this.beforeBatch(),
      run: (batch) => this.persist(batch),
      drained: () => this.answer(),
    });
  }

  /** The last change staged of a record (its [2] null for a delete), or undefined when nothing is staged. */
  staging(op: Pick<Op, 0 | 1>): T | undefined {
    return this.staged.get(idOf(op as Op))?.op;
  }

  /** Stages `op` and resolves once it is durable. */
  commit(op: T): Promise<void> {
    const id = idOf(op);
    this.staged.set(id, { op, count: (this.staged.get(id)?.count ?? 0) + 1 });
    return this.batcher.add({ op, id });
  }

  /** Resolves when nothing is waiting to be persisted. */
  async idle(): Promise<void> {
    while (this.holding || this.batcher.busy) await (this.holding ?? this.batcher.idle());
  }

  /** Runs `task` while no batch is being persisted, as `between` does; changes that arrive meanwhile wait for it. */
  async betweenBatches(task: () => Promise<void>): Promise<void> {
    while (this.holding || this.batcher.busy) await (this.holding ?? this.batcher.idle());
    const running = task();
    this.holding = running
      .catch(() => {})
      .then(() => {
        this.holding = undefined;
      });
    await running;
  }

  private async beforeBatch(): Promise<void> {
    while (this.holding) await this.holding;
    await this.steps.between();
  }

  private async persist(batch: Waiting<T>[]): Promise<void> {
    // The next append starts before the last batch's callers are answered,
    // so the disk syncs while they are.
    const persisting = this.steps.persist(batch.map((waiting) => waiting.op));
    this.answer();
    try {
      await persisting;
    } catch (error) {
      this.drop(batch, this.steps.failure(error));
      return;
    }
    for (const waiting of batch) {
      this.steps.apply(waiting.op);
      this.unstage(waiting.id);
    }
    this.durable = batch;
  }

  /** Answers the callers of the last durable batch. */
  private answer(): void {
    const durable = this.durable;
    this.durable = [];
    for (const waiting of durable) waiting.resolve();
  }

  private drop(batch: Waiting<T>[], error: Error): void {
    const failed = new Set(batch.map((waiting) => waiting.id));
    const builtOnThem = this.batcher.withdraw((waiting) => failed.has(waiting.id));
    for (const id of failed) this.forget(id);
    this.steps.dropped?.([...batch, ...builtOnThem].map((waiting) => waiting.op));
    for (const waiting of [...batch, ...builtOnThem]) waiting.reject(error);
  }

  private unstage(id: string): void {
    const entry = this.staged.get(id);
    if (entry && --entry.count === 0) this.forget(id);
  }

  /**
   * Takes a record out of `staged`, its entry emptied first. A map's earlier tables, left behind as it grows and
   * shrinks, can keep what they held until the next full collection, and scavenges take an old one's young
   * entries as live: each change and the request it came with were promoted to the old generation, some 850
   * bytes a write that only a full collection frees (1,770 bytes promoted a new device against 870 once emptied).
   */
  private forget(id: string): void {
    const entry = this.staged.get(id);
    if (entry) entry.op = undefined;
    this.staged.delete(id);
  }
}
