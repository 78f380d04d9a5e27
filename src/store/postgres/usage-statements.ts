import type { Run } from './transaction.js';
import type { UsageBound } from './usage-bounds.js';

/** What an owner keeps: bytes, and records by collection. */
export interface OwnerUsage {
  bytes: number;
  counts: Record<string, number>;
}

/** An owner's usage row, as read. */
export interface UsageRow {
  owner: string;
  bytes: string | number; // bigint: a string as node-postgres reads it, a number in read_batch's JSON
  counts: Record<string, number>;
}

/**
 * Locks the usage rows of `owners` and of the owners of the records `keys` name in `collections`, made when missing
 * (read by PostgreSQL after the batch's key locks, so sent with them: no answer awaited in between; every key of
 * every collection named, a superset, as any of them). One statement, all in owner order, so instances never deadlock:
 * by the database's default collation, as add_usage_v1 and earlier builds order them (the records' owner column is
 * COLLATE "C", which the concatenation would take).
 */
export function lockRows(
  run: Run,
  owners: string[],
  { collections, keys }: { collections: string[]; keys: string[] },
): Promise<UsageRow[]> {
  // DISTINCT: each owner once, as INSERT … ON CONFLICT may touch a row once a statement.
  return run<UsageRow>(
    `INSERT INTO quota_usage (owner) SELECT DISTINCT o COLLATE "default" FROM unnest($1::text[] || ARRAY(
       SELECT owner FROM records WHERE collection = ANY($2::text[]) AND key = ANY($3::text[]) AND owner IS NOT NULL)) AS o
     ORDER BY 1
     ON CONFLICT (owner) DO UPDATE SET owner = EXCLUDED.owner RETURNING owner, bytes, counts`,
    [owners, [...new Set(collections)], keys],
  );
}

/** Sets the locked rows of `owners` to `totals`. */
export function setTotals(run: Run, owners: string[], totals: OwnerUsage[]): Promise<unknown> {
  if (owners.length === 0) return Promise.resolve();
  return run(
    `UPDATE quota_usage AS u SET bytes = v.bytes, counts = v.counts
     FROM unnest($1::text[], $2::bigint[], $3::jsonb[]) AS v(owner, bytes, counts) WHERE u.owner = v.owner`,
    [owners, totals.map((held) => held.bytes), totals.map((held) => JSON.stringify(held.counts))],
  );
}

/**
 * Adds `added` to the rows of `owners` under each row's lock (add_usage_v1, batch-functions.ts), which refuses with
 * serialization_failure (isUsageMoved) when a row, before the addition, is outside one of `bounds`: nothing is kept.
 */
export function addUsage(run: Run, owners: string[], added: OwnerUsage[], bounds: UsageBound[]): Promise<unknown> {
  if (owners.length === 0) return Promise.resolve();
  return run(
    'SELECT add_usage_v1($1::text[], $2::bigint[], $3::jsonb[], $4::text[], $5::text[], $6::float8[], $7::float8[])',
    [
      owners,
      added.map((held) => held.bytes),
      added.map((held) => JSON.stringify(held.counts)),
      bounds.map((bound) => bound.owner),
      bounds.map((bound) => bound.dimension),
      bounds.map((bound) => bound.above),
      bounds.map((bound) => bound.atMost),
    ],
  );
}
