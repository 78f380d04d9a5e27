import type { Pool, PoolClient } from 'pg';
import { Batcher } from '../../lib/batcher.js';
import type { Change, StoreQuotas } from '../store.js';
import type { StoreHooks } from '../store-hooks.js';
import { runBatch, type BatchRun } from './batch.js';
import type { Pending } from './pending.js';
import { commitOutcome } from './commit-outcome.js';
import { isDeadlock, isUnavailable, storeErrorOf } from './errors.js';
import { TIMEOUT_MS } from './timeouts.js';
import { isUsageMoved } from './usage-bounds.js';
import { beginSql, runOn } from './transaction.js';

/** Whether each run of a batch locks its owners' usage from the start (see commit). */
const ATTEMPTS = [false, true, true];

/** The most updates one transaction takes; the rest wait for the next. */
const MAX_BATCH = 100;

/** An update as the store hands it over; the batcher adds its caller's resolve and reject. */
type Update = Omit<Pending, 'resolve' | 'reject'>;

/**
 * Group commit on PostgreSQL (the batching is lib/batcher's): updates that arrive
 * while a transaction is in flight share the next one (see runBatch), committed once;
 * each caller is answered after COMMIT returned. When the database fails the batch,
 * each of its updates gets the failure (a 503 when it cannot serve), and nothing of
 * them is kept; when the connection breaks during COMMIT, the database is asked
 * whether it committed.
 */
export class GroupCommit {
  private readonly batcher = new Batcher<Update, Change<unknown>>({
    maxBatch: MAX_BATCH,
    run: async (batch) => {
      const client = await this.pool.connect().catch((error: unknown) => {
        throw storeErrorOf(error);
      });
      await this.commit(client, batch);
    },
  });

  /** BEGIN with the transaction's timeouts and schema (see beginSql). */
  private readonly begin: string;

  constructor(
    private readonly pool: Pool,
    private readonly quotas: StoreQuotas | undefined,
    schema: string | undefined,
    private readonly hooks: Pick<StoreHooks, 'commit'>,
  ) {
    this.begin = beginSql({ timeoutMs: TIMEOUT_MS, schema });
  }

  update(pending: Update): Promise<Change<unknown>> {
    return this.batcher.add(pending);
  }

  /** Resolves when nothing is waiting. */
  idle(): Promise<void> {
    return this.batcher.idle();
  }

  /**
   * Runs the batch with its owners' usage read unlocked; when another instance moved it so that a quota check would
   * decide otherwise (add_usage_v1 refused), runs it again with the usage locked, and once more if PostgreSQL chose
   * it as a deadlock's victim (beside a build that orders owners otherwise, or an import): each time nothing was kept.
   */
  private async commit(client: PoolClient, batch: Pending[]): Promise<void> {
    let run: BatchRun | undefined;
    let committing = false;
    try {
      for (const [attempt, lockUsage] of ATTEMPTS.entries()) {
        committing = false;
        run = undefined;
        try {
          run = await runBatch(runOn(client), this.begin, batch, this.quotas, lockUsage);
          const started = performance.now();
          committing = true; // the writes and COMMIT go together: once sent, any of them may have been committed
          await run.commit();
          this.hooks.commit((performance.now() - started) / 1000, run.succeeded.length);
          break;
        } catch (error) {
          if (attempt === ATTEMPTS.length - 1 || !(isUsageMoved(error) || isDeadlock(error))) throw error;
          // A COMMIT sent behind the failure ended the transaction; a failure of the first round trip leaves it open.
          if (!committing) await client.query('ROLLBACK');
        }
      }
      client.release();
    } catch (error) {
      for (const [pending, refusal] of run?.refused ?? []) pending.reject(refusal);
      if (!committing || !isUnavailable(error)) {
        // A statement failed, or the server refused it: the connection is fine, and nothing of the batch is kept
        // (a COMMIT sent behind a failed statement ends its transaction as a ROLLBACK; this one then only warns).
        await client.query('ROLLBACK').then(
          () => client.release(),
          (broken: Error) => client.release(broken),
        );
        throw storeErrorOf(error); // the batcher rejects each update still waiting for its answer
      }
      client.release(error instanceof Error ? error : true); // in an unknown state: closing it rolls back what was not committed
      // The connection broke during COMMIT: if the database says the batch was kept, it is acknowledged.
      if (run === undefined || (await commitOutcome(this.pool, run.xid, TIMEOUT_MS)) !== 'committed')
        throw storeErrorOf(error);
    }
    for (const [pending, refusal] of run?.refused ?? []) pending.reject(refusal);
    for (const [pending, change] of run?.succeeded ?? []) pending.resolve(change);
  }
}
