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
 * one at a time would; the rows are written back once, before COMMIT. Owners
 * and groups are in keyToText's form.
 */
export class BatchUsage {
  private readonly owners = new Map<string, { bytes: number; counts: Record<string, number> }>();
  private readonly groups = new Map<string, number>();

  private constructor(private readonly quotas: StoreQuotas) {}

  static async lock(
    run: Run,
    quotas: StoreQuotas,
    owners: string[],
    groups: [Collection, string][],
  ): Promise<BatchUsage> {
    const usage = new BatchUsage(quotas);
    if (owners.length > 0) {
      const rows = await run<UsageRow>(
        `INSERT INTO quota_usage (owner) SELECT o FROM unnest($1::text[]) AS o ORDER BY 1
         ON CONFLICT (owner) DO UPDATE SET owner = EXCLUDED.owner RETURNING owner, bytes, counts`,
        [[...new Set(owners)].sort()],
      );
      for (const row of rows) usage.owners.set(row.owner, { bytes: Number(row.bytes), counts: row.counts });
    }
    if (groups.length > 0) {
      // DISTINCT: a group named twice (by two of the batch's changes) would have each of its records counted twice.
      const held = await run<{ collection: Collection; grp: string; held: number }>(
        `SELECT r.collection, r.grp, count(*)::int AS held FROM records r
         JOIN (SELECT DISTINCT collection, grp FROM unnest($1::text[], $2::text[]) AS t(collection, grp)) AS g
           ON r.collection = g.collection AND r.grp = g.grp
         GROUP BY r.collection, r.grp`,
        [groups.map(([collection]) => collection), groups.map(([, group]) => group)],
      );
      for (const row of held) usage.groups.set(groupKey(row.collection, row.grp), row.held);
    }
    return usage;
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

  /** Writes the owners' usage back. */
  async write(run: Run): Promise<void> {
    if (this.owners.size === 0) return;
    await run(
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
