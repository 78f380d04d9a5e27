import type { Logger } from 'pino';
import type { StoreHooks } from '../../store-hooks.js';
import type { Committed } from './committed.js';
import type { Journal } from './journal.js';

export interface CheckpointSettings {
  /** Journal bytes at which a checkpoint starts. */
  bytes: number;
  /** The wait after a first failure, doubled after each further one up to `most`; a success resets it. */
  retryMs: { first: number; most: number };
  logger: Logger | undefined;
  /** Hear each checkpoint written and each failed. */
  hooks: Pick<StoreHooks, 'checkpoint' | 'checkpointFailed'>;
  /** Runs a task while no journal append is in flight (the commit queue's betweenBatches). */
  betweenAppends(task: () => Promise<void>): Promise<void>;
}

/**
 * Checkpoints rotate the journal (between appends only, so every change in the
 * rotated files is in the shards' data), write the changed shards in the
 * background, and then remove the rotated files. A failed one loses nothing: the
 * journal keeps every change and the shards stay dirty. It is logged, counted and
 * tried again after a back-off, whether or not more writes come.
 */
export class Checkpoints {
  private writing: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  /** The wait after a failure is over: the next chance between appends tries again. */
  private retryDue = false;
  private failures = 0;
  private lastFailure: unknown;
  private stopped = false;
  /** Backups copying the files: no checkpoint starts while there is one. */
  private holds = 0;

  constructor(
    private readonly journal: Journal,
    private readonly committed: Committed,
    private readonly settings: CheckpointSettings,
  ) {}

  /** Why checkpoints fail (the last error) while they do; else undefined. */
  get failure(): unknown {
    return this.failures > 0 ? this.lastFailure : undefined;
  }

  /** Between appends: starts one once the journal file has passed its size or a retry is due, unless one is running or waiting. */
  async ifDue(): Promise<void> {
    if (this.writing || this.retry || this.stopped || this.holds > 0) return;
    if (!this.retryDue && this.journal.bytes < this.settings.bytes) return;
    this.retryDue = false;
    await this.start();
  }

  /**
   * Holds checkpoints off while a backup copies the files, so the shards do not
   * change and no journal file goes: resolves, once a checkpoint under way is
   * over, to the release (which lets a due one start).
   */
  async hold(): Promise<() => void> {
    this.holds++;
    await this.writing;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0 && !this.stopped) void this.settings.betweenAppends(() => this.ifDue());
    };
  }

  /** A whole checkpoint, before any append (the replayed changes at start-up); a failure is handled as any. */
  async now(): Promise<void> {
    await this.start();
    await this.writing;
  }

  /** After the last append: the final checkpoint when anything is left; resolves to its failure, or undefined when the shards hold everything. */
  async finish(): Promise<unknown> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    await this.writing;
    if (this.committed.hasDirty || this.journal.totalBytes > 0) await this.now();
    return this.failure;
  }

  /**
   * Starts one and resolves once the journal is rotated, when appends may go on.
   * `writing` covers it from its first step, so no second one starts beside it:
   * one that finished first would remove journal files the other has not written out.
   */
  private start(): Promise<void> {
    const started = performance.now();
    const rotated = this.journal.rotate();
    this.writing = rotated
      .then(async (last) => {
        await this.committed.writeDirty();
        await this.journal.removeUpTo(last);
      })
      .then(
        () => this.succeeded((performance.now() - started) / 1000),
        (error: unknown) => this.failed(error),
      )
      .finally(() => {
        this.writing = undefined;
      });
    return rotated.then(
      () => {},
      () => {},
    );
  }

  private succeeded(seconds: number): void {
    this.settings.hooks.checkpoint(seconds);
    if (this.failures > 0) {
      this.settings.logger?.info(
        { failures: this.failures, journalBytes: this.journal.totalBytes },
        `Checkpoint written after ${this.failures} failed attempts: the shards hold every change again`,
      );
    }
    this.failures = 0;
    this.lastFailure = undefined;
  }

  private failed(error: unknown): void {
    this.failures++;
    this.lastFailure = error;
    this.settings.hooks.checkpointFailed();
    const { first, most } = this.settings.retryMs;
    const retryInMs = this.stopped ? undefined : Math.min(most, first * 2 ** (this.failures - 1));
    this.settings.logger?.error(
      { err: error, failures: this.failures, journalBytes: this.journal.totalBytes, retryInMs },
      `Checkpoint failed: the journal keeps every change${retryInMs === undefined ? '' : `; trying again in ${retryInMs / 1000} s`}`,
    );
    if (retryInMs === undefined) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.retryDue = true;
      void this.settings.betweenAppends(() => this.ifDue()); // or the next batch's turn, whichever comes first
    }, retryInMs);
    this.retry.unref(); // a pending retry does not keep the process alive
  }
}
