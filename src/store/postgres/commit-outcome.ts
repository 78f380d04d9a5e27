import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';

/** How often the outcome is asked for while the database is out of reach. */
const RETRY_MS = 100;

/**
 * Whether transaction `xid` committed, after the connection broke during its
 * COMMIT (the commit may or may not have happened). Asks txid_status on a fresh
 * connection until `withinMs` have passed; undefined when it could not be learned.
 */
export async function commitOutcome(
  pool: Pool,
  xid: string,
  withinMs: number,
): Promise<'committed' | 'aborted' | undefined> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const status = await withTimeout(
      pool
        .query<{ status: string | null }>('SELECT txid_status($1::bigint) AS status', [xid])
        .then(({ rows }) => rows[0]?.status),
      deadline - Date.now(),
    ).catch(() => 'unreachable');
    if (status === 'committed') return 'committed';
    // 'aborted', or null: so old that it cannot matter here. 'in progress' and 'unreachable': ask again.
    if (status === 'aborted' || status === null) return 'aborted';
    await sleep(RETRY_MS);
  }
  return undefined;
}

/** `promise`, or a rejection once `ms` have passed. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from PostgreSQL within ${ms} ms`)), Math.max(0, ms));
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
