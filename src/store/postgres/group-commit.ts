import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Pool, PoolClient } from 'pg';
import { observeCommit } from '../../observability/store-metrics.js';
import type { Change, StoreQuotas } from '../store.js';
import { runBatch, type Pending } from './batch.js';
import { commitOutcome } from './commit-outcome.js';
import { isUnavailable, storeErrorOf } from './errors.js';
import { TIMEOUT_MS } from './timeouts.js';
import { runOn } from './transaction.js';

/** The most updates one transaction takes; the rest wait for the next. */
const MAX_BATCH = 100;

/**
 * Group commit on PostgreSQL: updates that arrive while a transaction is in flight
 * share the next one (see runBatch), committed once; each caller is answered after
 * COMMIT returned. When the database fails the batch, each of its updates gets the
 * failure (a 503 when it cannot serve), and nothing of them is kept; when the
 * connection breaks during COMMIT, the database is asked whether it committed.
 */
export class GroupCommit {
  private waiting: Pending[] = [];
  private draining: Promise<void> | undefined;

  constructor(private readonly pool: Pool, private readonly quotas: StoreQuotas | undefined) {}

  update(pending: Omit<Pending, 'resolve' | 'reject'>): Promise<Change<unknown>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...pending, resolve, reject });
      // Start on the next turn, so the updates of everything already received join in.
      this.draining ??= nextTurn().then(() => this.drain());
    });
  }

  /** Resolves when nothing is waiting. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      const client = await this.pool.connect().catch((error: unknown) => error as Error);
      if (client instanceof Error) {
        for (const pending of batch) pending.reject(storeErrorOf(client));
        continue;
      }
      await this.commit(client, batch);
    }
    this.draining = undefined;
  }

  private async commit(client: PoolClient, batch: Pending[]): Promise<void> {
    const run = runOn(client);
    let xid: string | undefined;
    let succeeded: Awaited<ReturnType<typeof runBatch>>['succeeded'] = [];
    let committing = false;
    try {
      await run('collab-begin', 'BEGIN');
      ({ xid, succeeded } = await runBatch(run, batch, this.quotas));
      const started = performance.now();
      committing = true;
      await run('collab-commit', 'COMMIT');
      observeCommit((performance.now() - started) / 1000, succeeded.length);
      client.release();
    } catch (error) {
      if (!committing || !isUnavailable(error)) {
        // A statement failed, or the server refused it: the connection is fine, and nothing of the batch is kept.
        await client.query('ROLLBACK').then(() => client.release(), (broken: Error) => client.release(broken));
        for (const pending of batch) pending.reject(storeErrorOf(error));
        return;
      }
      client.release(true); // in an unknown state: closing it rolls back whatever was not committed
      // The connection broke during COMMIT: if the database says the batch was kept, it is acknowledged.
      if (xid === undefined || (await commitOutcome(this.pool, xid, TIMEOUT_MS)) !== 'committed') {
        for (const pending of batch) pending.reject(storeErrorOf(error));
        return;
      }
    }
    for (const [pending, change] of succeeded) pending.resolve(change);
  }
}
