import type { Collection, StoreQuotas } from '../store.js';
import { checkQuotas, type Footprint } from '../usage.js';
import type { Run } from './transaction.js';

interface UsageRow {
  owner: string;
  bytes: string; // bigint, as node-postgres reads it
  counts: Record<string, number>;
}

/**
 * What the owners of one batch keep, locked for the batch's transaction: their
 * usage rows (in owner order, so instances never deadlock), and the records of
 * the groups with a quota the batch's records join (runBatch has locked those
 * groups, so no other batch adds to them until COMMIT). Each change is checked against
 * it and counted in turn, so a batch obeys the quotas exactly as its changes
 * one at a time would; the rows are written back once, before COMMIT. Owners,
 * keys and groups are in keyToText's form.
 */
export class BatchUsage {
  private readonly owners = new Map<string, { bytes: number; counts: Record<string, number> }>();
  private readonly groups = new Map<string, number>();

  private constructor(private readonly quotas: StoreQuotas) {}

  /**
   * Locks the usage of `owners` and of the owners of the records `keys` name in `collections` (read by PostgreSQL
   * after the batch's key locks, so sent with them: no answer awaited in between; every key of every collection
   * named, a superset, as any of them). One statement, all in owner order.
   */
  static async lock(
    run: Run,
    quotas: StoreQuotas,
    owners: string[],
    { collections, keys }: { collections: string[]; keys: string[] },
  ): Promise<BatchUsage> {
    const usage = new BatchUsage(quotas);
    // DISTINCT: each owner once, as INSERT … ON CONFLICT may touch a row once a statement.
    const rows = await run<UsageRow>(
      `INSERT INTO quota_usage (owner) SELECT DISTINCT o FROM unnest($1::text[] || ARRAY(
         SELECT owner FROM records WHERE collection = ANY($2::text[]) AND key = ANY($3::text[]) AND owner IS NOT NULL)) AS o
       ORDER BY 1
       ON CONFLICT (owner) DO UPDATE SET owner = EXCLUDED.owner RETURNING owner, bytes, counts`,
      [owners, [...new Set(collections)], keys],
    );
    for (const row of rows) usage.owners.set(row.owner, { bytes: Number(row.bytes), counts: row.counts });
    return usage;
  }

  /** Counts the records of the limited groups the batch's records join (a round trip of its own: only when some do). */
  async countGroups(run: Run, groups: [Collection, string][]): Promise<void> {
    if (groups.length === 0) return;
    // DISTINCT: a group named twice (by two of the batch's changes) would have each of its records counted twice.
    const held = await run<{ collection: Collection; grp: string; held: number }>(
      `SELECT r.collection, r.grp, count(*)::int AS held FROM records r
       JOIN (SELECT DISTINCT collection, grp FROM unnest($1::text[], $2::text[]) AS t(collection, grp)) AS g
         ON r.collection = g.collection AND r.grp = g.grp
       GROUP BY r.collection, r.grp`,
      [groups.map(([collection]) => collection), groups.map(([, group]) => group)],
    );
    for (const row of held) this.groups.set(groupKey(row.collection, row.grp), row.held);
  }

  /** Throws QuotaExceededError when replacing `before` by `after` would pass a quota; else counts the change. */
  change(collection: Collection, before: Footprint | undefined, after: Footprint | undefined): void {
    if (after?.owner !== undefined) {
      const held = this.owners.get(after.owner) ?? { bytes: 0, counts: {} };
      const inGroup = after.group === undefined ? 0 : (this.groups.get(groupKey(collection, after.group)) ?? 0);
      checkQuotas(this.quotas, collection, before, after, {
        records: held.counts[collection] ?? 0,
        bytes: held.bytes,
        inGroup,
      });
    }
    for (const [footprint, sign] of [
      [before, -1],
      [after, 1],
    ] as const) {
      if (!footprint) continue;
      const owned = footprint.owner === undefined ? undefined : this.owners.get(footprint.owner);
      if (owned) {
        owned.bytes += sign * footprint.bytes;
        owned.counts = { ...owned.counts, [collection]: (owned.counts[collection] ?? 0) + sign };
      }
      if (footprint.group !== undefined && this.quotas.recordsPerGroup[collection] !== undefined) {
        const key = groupKey(collection, footprint.group);
        this.groups.set(key, (this.groups.get(key) ?? 0) + sign);
      }
    }
  }

  /** Writes the owners' usage back (sent at once: see together). */
  write(run: Run): Promise<unknown> {
    if (this.owners.size === 0) return Promise.resolve();
    return run(
      `UPDATE quota_usage AS u SET bytes = v.bytes, counts = v.counts
       FROM unnest($1::text[], $2::bigint[], $3::jsonb[]) AS v(owner, bytes, counts) WHERE u.owner = v.owner`,
      [
        [...this.owners.keys()],
        [...this.owners.values()].map((owned) => owned.bytes),
        [...this.owners.values()].map((owned) => JSON.stringify(owned.counts)),
      ],
    );
  }
}

const groupKey = (collection: Collection, group: string) => `${collection}\u0000${group}`;
