import { Client, type ClientBase } from 'pg';
import { HASHED_KEY, IDEMPOTENCY_KEYS } from '../idempotency-key-records.js';
import { connectionOf } from './connection.js';
import { migrate } from './migrations.js';
import { beginSql } from './transaction.js';

/**
 * Every owner's row, counted from the records: their bytes as the write path charges
 * them (chargedBytes: octet_length of the stored JSON, and of an idempotency key's key)
 * and their records per collection. Owners who keep nothing lose their row, as if they never had one.
 */
export async function recountQuotaUsage(client: ClientBase): Promise<void> {
  await client.query('DELETE FROM quota_usage');
  await client.query(
    `INSERT INTO quota_usage (owner, bytes, counts)
    SELECT owner, sum(bytes), jsonb_object_agg(collection, held)
    FROM (SELECT owner, collection, count(*)::int AS held, sum(octet_length(value::text)
            + CASE WHEN collection = $1 AND key ~ $2 THEN octet_length(key) ELSE 0 END)::bigint AS bytes
          FROM records WHERE owner IS NOT NULL GROUP BY owner, collection) AS per_collection
    GROUP BY owner`,
    [IDEMPOTENCY_KEYS, HASHED_KEY],
  );
}

/** What a recount found: the owners it counted, those whose row it changed, and the bytes their rows held beyond the records' (negative: fewer). */
export interface Recount {
  owners: number;
  changed: number;
  bytesOver: number;
}

/**
 * Counts every owner's usage again from the records (npm run recount), in one transaction that locks `records` and
 * `quota_usage` against writers (EXCLUSIVE: reads go on), as an import does: the rows a build that charged
 * differently left (an earlier build sweeping this one's idempotency keys) become what this build counts.
 */
export async function recountUsage(url: string): Promise<Recount> {
  const connection = connectionOf(url);
  const client = new Client({
    connectionString: connection.connectionString,
    application_name: 'collab-service recount',
  });
  client.on('error', () => {}); // reported to the query that was running
  await client.connect();
  try {
    await migrate(client, connection.schema);
    await client.query(beginSql({ schema: connection.schema }));
    await client.query('LOCK TABLE records, quota_usage IN EXCLUSIVE MODE');
    const before = await usageRows(client);
    await recountQuotaUsage(client);
    const after = await usageRows(client);
    await client.query('COMMIT');
    const owners = new Set([...before.keys(), ...after.keys()]);
    const changed = [...owners].filter((owner) => before.get(owner)?.row !== after.get(owner)?.row);
    const bytes = (rows: typeof before, owner: string) => rows.get(owner)?.bytes ?? 0;
    return {
      owners: after.size,
      changed: changed.length,
      bytesOver: changed.reduce((sum, owner) => sum + bytes(before, owner) - bytes(after, owner), 0),
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Each owner's row as text, and its bytes; counts of zero and rows of nothing left out (the same as none). */
async function usageRows(client: ClientBase): Promise<Map<string, { row: string; bytes: number }>> {
  const { rows } = await client.query<{ owner: string; bytes: string; counts: Record<string, number> }>(
    'SELECT owner, bytes::text AS bytes, counts FROM quota_usage',
  );
  const held = rows.map(({ owner, bytes, counts }) => {
    const kept = Object.entries(counts)
      .filter(([, count]) => count !== 0)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return { owner, bytes, kept };
  });
  return new Map(
    held
      .filter(({ bytes, kept }) => bytes !== '0' || kept.length > 0)
      .map(({ owner, bytes, kept }) => [owner, { row: `${bytes} ${JSON.stringify(kept)}`, bytes: Number(bytes) }]),
  );
}
