import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Op, Stored } from './journal.js';

interface Waiting<T extends Op> {
  op: T;
  id: string;
  resolve(): void;
  reject(error: unknown): void;
}

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
 * Group commit. Changes that arrive while a batch is being persisted wait and
 * share the next batch. Until its batch is durable a change is only staged:
 * later changes of the same record build on it, but reads see the committed
 * state. When a batch fails, its changes are dropped, and so is every waiting
 * change built on them; all of their callers get the failure.
 */
export class CommitQueue<T extends Op = Op> {
  private waiting: Waiting<T>[] = [];
  private draining: Promise<void> | undefined;
  private readonly staged = new Map<string, { stored: Stored | null; count: number }>();

  constructor(private readonly steps: CommitSteps<T>) {}

  /** The staged state of a record: a Stored, null (deleted), or undefined when nothing is staged. */
  staging(op: Pick<Op, 0 | 1>): Stored | null | undefined {
    return this.staged.get(idOf(op as Op))?.stored;
  }

  /** Stages `op` and resolves once it is durable. */
  commit(op: T): Promise<void> {
    const id = idOf(op);
    this.staged.set(id, { stored: op[2], count: (this.staged.get(id)?.count ?? 0) + 1 });
    return new Promise((resolve, reject) => {
      this.waiting.push({ op, id, resolve, reject });
      // Start on the next turn, so the changes of everything already received join in.
      this.draining ??= nextTurn().then(() => this.drain());
    });
  }

  /** Resolves when nothing is waiting to be persisted. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Runs `task` while no batch is being persisted, as `between` does; changes that arrive meanwhile wait for it. */
  async betweenBatches(task: () => Promise<void>): Promise<void> {
    while (this.draining) await this.draining;
    const running = task();
    this.draining = running.catch(() => {}).then(() => {
      this.draining = this.waiting.length > 0 ? this.drain() : undefined;
    });
    await running;
  }

  private async drain(): Promise<void> {
    let durable: Waiting<T>[] = []; // persisted, their callers not answered yet
    while (this.waiting.length > 0) {
      await this.steps.between();
      const batch = this.waiting;
      this.waiting = [];
      // The next append starts before the last batch's callers are answered,
      // so the disk syncs while they are.
      const persisting = this.steps.persist(batch.map((waiting) => waiting.op));
      for (const waiting of durable) waiting.resolve();
      durable = [];
      try {
        await persisting;
      } catch (error) {
        this.drop(batch, this.steps.failure(error));
        continue;
      }
      for (const waiting of batch) {
        this.steps.apply(waiting.op);
        this.unstage(waiting.id);
      }
      durable = batch;
    }
    for (const waiting of durable) waiting.resolve();
    this.draining = undefined;
  }

  private drop(batch: Waiting<T>[], error: Error): void {
    const failed = new Set(batch.map((waiting) => waiting.id));
    const builtOnThem = this.waiting.filter((waiting) => failed.has(waiting.id));
    this.waiting = this.waiting.filter((waiting) => !failed.has(waiting.id));
    for (const id of failed) this.staged.delete(id);
    this.steps.dropped?.([...batch, ...builtOnThem].map((waiting) => waiting.op));
    for (const waiting of [...batch, ...builtOnThem]) waiting.reject(error);
  }

  private unstage(id: string): void {
    const entry = this.staged.get(id);
    if (entry && --entry.count === 0) this.staged.delete(id);
  }
}
