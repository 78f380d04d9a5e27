import type { Pool } from 'pg';
import { PING_TIMEOUT_MS } from './timeouts.js';
import { beginSql } from './transaction.js';

/**
 * Readiness runs what a write runs, so an instance that cannot write is not ready:
 * a transaction opened with the writes' kind of BEGIN (SET LOCAL timeouts and schema),
 * then one unnamed, parameterised statement on the tables a write touches. FOR UPDATE
 * needs the UPDATE right on each and fails in a read-only transaction (a standby after
 * a failover); it matches no row, so it locks nothing and leaves nothing to vacuum.
 */
export async function pingWrite(pool: Pool, schema: string | undefined): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(beginSql({ timeoutMs: PING_TIMEOUT_MS, schema }));
    await client.query(
      `SELECT 1 FROM records r, quota_usage q, hits h
      WHERE r.collection = $1 AND r.key = $1 AND q.owner = r.key AND h.key = r.key FOR UPDATE`,
      [''],
    );
    await client.query('ROLLBACK');
    client.release();
  } catch (error) {
    client.release(error instanceof Error ? error : true); // in an unknown state: closing it rolls back whatever was open
    throw error;
  }
}
