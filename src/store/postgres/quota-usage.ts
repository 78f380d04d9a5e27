import type { Collection, StoreQuotas } from '../store.js';
import { checkQuotas, joinsLimitedGroup, type Footprint } from '../usage.js';

/** Runs one statement in the update's transaction. */
export type Run = <Row extends object>(name: string, text: string, values?: unknown[]) => Promise<Row[]>;

interface UsageRow {
  owner: string;
  bytes: string; // bigint, as node-postgres reads it
  counts: Record<string, number>;
}

/**
 * Inside an update's transaction: locks the usage rows of the record's owners
 * (before and after the change, in owner order, so instances never deadlock),
 * checks `after`'s quotas (QuotaExceededError) and counts the change. Owners are
 * in keyToText's form. Every instance takes the same row locks, so quotas hold
 * across instances.
 */
export async function countChange(
  run: Run,
  quotas: StoreQuotas,
  collection: Collection,
  before: Footprint | undefined,
  after: Footprint | undefined,
): Promise<void> {
  const owners = [...new Set([before?.owner, after?.owner].filter((owner) => owner !== undefined))].sort();
  if (owners.length === 0) return;
  const rows = await run<UsageRow>('collab-usage-lock',
    `INSERT INTO quota_usage (owner) SELECT unnest($1::text[]) ORDER BY 1
     ON CONFLICT (owner) DO UPDATE SET owner = EXCLUDED.owner RETURNING owner, bytes, counts`, [owners]);
  const usage = new Map(rows.map((row) => [row.owner, { bytes: Number(row.bytes), counts: row.counts }]));
  if (after?.owner !== undefined) {
    const held = usage.get(after.owner) ?? { bytes: 0, counts: {} };
    const inGroup = joinsLimitedGroup(quotas, collection, before, after)
      ? (await run<{ held: number }>('collab-group-size', 'SELECT count(*)::int AS held FROM records WHERE collection = $1 AND grp = $2',
        [collection, after.group]))[0]?.held ?? 0
      : 0;
    checkQuotas(quotas, collection, before, after, { records: held.counts[collection] ?? 0, bytes: held.bytes, inGroup });
  }
  for (const [footprint, sign] of [[before, -1], [after, 1]] as const) {
    const owned = footprint?.owner === undefined ? undefined : usage.get(footprint.owner);
    if (!footprint || !owned) continue;
    owned.bytes += sign * footprint.bytes;
    owned.counts = { ...owned.counts, [collection]: (owned.counts[collection] ?? 0) + sign };
  }
  await run('collab-usage-write',
    `UPDATE quota_usage AS u SET bytes = v.bytes, counts = v.counts
     FROM unnest($1::text[], $2::bigint[], $3::jsonb[]) AS v(owner, bytes, counts) WHERE u.owner = v.owner`,
    [[...usage.keys()], [...usage.values()].map((owned) => owned.bytes), [...usage.values()].map((owned) => JSON.stringify(owned.counts))]);
}
