import type { Collection, StoreQuotas } from '../store.js';
import { checkQuotas, type Footprint } from '../quota-checks.js';
import { usageBounds, type UsageBounds } from './usage-bounds.js';
import { addUsage, lockRows, setTotals, type OwnerUsage, type UsageRow } from './usage-statements.js';
import type { Run } from './transaction.js';

/**
 * What the owners of one batch keep, as the batch counts it: each owner's usage as read (`unlocked`, as read_batch_v1
 * read it; `lock`: locked for the transaction), plus what the batch's changes added, and the records of the groups with
 * a quota the batch's records join (runBatch has locked those groups, so no other batch adds to them until COMMIT).
 * Each change is checked against it and counted in turn, so a batch obeys the quotas exactly as its changes one at a
 * time would, and write sends it back before COMMIT. Read without a lock, what another instance commits meanwhile is
 * unseen: write then adds the batch's changes to the rows as they are by then, and add_usage_v1 refuses (isUsageMoved),
 * keeping nothing, when a check would have decided otherwise on them (see usage-bounds.ts); the batch then runs again
 * with `lock`. Owners, keys and groups are in keyToText's form.
 */
export class BatchUsage {
  private readonly read = new Map<string, OwnerUsage>();
  private readonly added = new Map<string, OwnerUsage>();
  private readonly groups = new Map<string, number>();
  private readonly bounds: UsageBounds = usageBounds();

  private constructor(
    private readonly quotas: StoreQuotas,
    private readonly locked: boolean,
  ) {}

  /** The usage read_batch_v1 read of the batch's owners, as last committed, unlocked. */
  static unlocked(quotas: StoreQuotas, rows: UsageRow[]): BatchUsage {
    return new BatchUsage(quotas, false).with(rows);
  }

  /**
   * Locks the usage of `owners` and of the owners of the records `keys` name in `collections` (read by PostgreSQL
   * after the batch's key locks, so sent with them: no answer awaited in between; every key of every collection
   * named, a superset, as any of them). One statement, all in owner order, so instances never deadlock.
   */
  static async lock(
    run: Run,
    quotas: StoreQuotas,
    owners: string[],
    { collections, keys }: { collections: string[]; keys: string[] },
  ): Promise<BatchUsage> {
    const rows = await lockRows(run, owners, { collections, keys });
    return new BatchUsage(quotas, true).with(rows);
  }

  private with(rows: UsageRow[]): this {
    for (const row of rows) this.read.set(row.owner, { bytes: Number(row.bytes), counts: row.counts });
    return this;
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
    const owner = after?.owner;
    if (after && owner !== undefined) {
      const [read, added] = [this.read.get(owner), this.added.get(owner)];
      const records = (held?: OwnerUsage) => held?.counts[collection] ?? 0;
      const held = {
        records: records(read) + records(added),
        bytes: (read?.bytes ?? 0) + (added?.bytes ?? 0),
        inGroup: after.group === undefined ? 0 : (this.groups.get(groupKey(collection, after.group)) ?? 0),
      };
      checkQuotas(this.quotas, collection, before, after, held, (test, used, refused) => {
        // The groups are locked; an owner's usage is not when read unlocked: what decided is kept, to be checked again.
        if (this.locked || test.kind === 'group') return;
        const addedHere = test.kind === 'records' ? records(added) : (added?.bytes ?? 0);
        const dimension = test.kind === 'records' ? collection : '';
        this.bounds.decided(owner, dimension, {
          threshold: test.limit - test.growth - addedHere,
          refused,
          read: used - addedHere,
        });
      });
    }
    for (const [footprint, sign] of [
      [before, -1],
      [after, 1],
    ] as const) {
      if (!footprint) continue;
      if (footprint.owner !== undefined) {
        const added = this.added.get(footprint.owner) ?? { bytes: 0, counts: {} };
        added.bytes += sign * footprint.bytes;
        added.counts[collection] = (added.counts[collection] ?? 0) + sign;
        this.added.set(footprint.owner, added);
      }
      if (footprint.group !== undefined && this.quotas.recordsPerGroup[collection] !== undefined) {
        const key = groupKey(collection, footprint.group);
        this.groups.set(key, (this.groups.get(key) ?? 0) + sign);
      }
    }
  }

  /** Writes the owners' usage back (sent at once: see together): the totals of the locked rows, or what the batch added. */
  write(run: Run): Promise<unknown> {
    if (this.locked) {
      const owners = [...this.read.keys()]; // every owner the batch changes was locked, so read
      return setTotals(
        run,
        owners,
        owners.map((owner) => this.total(owner)),
      );
    }
    const owners = [...new Set([...this.added.keys(), ...this.bounds.owners()])];
    return addUsage(
      run,
      owners,
      owners.map((owner) => this.added.get(owner) ?? { bytes: 0, counts: {} }),
      this.bounds.list(),
    );
  }

  private total(owner: string): OwnerUsage {
    const [read, added] = [this.read.get(owner), this.added.get(owner)];
    const counts = { ...read?.counts };
    for (const [collection, count] of Object.entries(added?.counts ?? {}))
      counts[collection] = (counts[collection] ?? 0) + count;
    return { bytes: (read?.bytes ?? 0) + (added?.bytes ?? 0), counts };
  }
}

const groupKey = (collection: Collection, group: string) => `${collection}\u0000${group}`;
