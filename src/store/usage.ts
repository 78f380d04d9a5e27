import { checkQuotas, joinsLimitedGroup, type Footprint } from './quota-checks.js';
import type { Collection, StoreQuotas } from './store.js';

/** How many records a store's group index files under `group` (GroupIndex.count). */
export type FiledCount = (collection: Collection, group: string) => number;

/**
 * What each owner keeps and each limited group holds, in memory: the accounting of the stores that hold
 * everything in one process. It keeps totals only; the caller says what a record took before a change and
 * takes after it (a record's footprint follows from what the store holds of it). Without quotas it keeps nothing.
 * A group's records are what the store's group index files under it (`filedIn`), and the changes the index does
 * not show yet: a change counts here when it is made, and the index tells `moved` when it moves the key. A
 * group's name is kept only while a change of it is on the way, not once for every group.
 */
export class Usage {
  /** By collection: each owner's records, and each limited group's records changed but not filed yet (+) or not unfiled yet (-). */
  private readonly collections = new Map<Collection, { records: Map<string, number>; unfiled: Map<string, number> }>();
  private readonly bytes = new Map<string, number>();

  constructor(
    private readonly quotas: StoreQuotas | undefined,
    private readonly filedIn: FiledCount,
  ) {}

  /** Whether there are quotas to count against (else check and change do nothing, and footprints need not be made). */
  get counting(): boolean {
    return this.quotas !== undefined;
  }

  /** Throws QuotaExceededError when a record going from `before` to `after` would pass a quota (see checkQuotas); changes nothing. */
  check(collection: Collection, before: Footprint | undefined, after: Footprint | undefined): void {
    if (!this.quotas || after?.owner === undefined) return;
    const counts = this.countsOf(collection);
    const { group } = after;
    checkQuotas(this.quotas, collection, before, after, {
      records: counts.records.get(after.owner) ?? 0,
      bytes: this.bytes.get(after.owner) ?? 0,
      inGroup:
        group === undefined || !joinsLimitedGroup(this.quotas, collection, before, after)
          ? 0
          : this.filedIn(collection, group) + (counts.unfiled.get(group) ?? 0),
    });
  }

  /** A record that took `before` (undefined: none) now takes `after` (undefined: it is gone). */
  change(collection: Collection, before: Footprint | undefined, after: Footprint | undefined): void {
    if (!this.quotas) return;
    if (before) this.count(collection, before, -1);
    if (after) this.count(collection, after, 1);
  }

  /** The store's group index moved a key from `before` to `after` (undefined: no group): the change counted when it was made is filed. */
  moved(collection: Collection, before: string | undefined, after: string | undefined): void {
    if (this.quotas?.recordsPerGroup[collection] === undefined) return;
    const { unfiled } = this.countsOf(collection);
    if (before !== undefined) add(unfiled, before, 1);
    if (after !== undefined) add(unfiled, after, -1);
  }

  private count(collection: Collection, { owner, group, bytes }: Footprint, sign: 1 | -1): void {
    const counts = this.countsOf(collection);
    if (owner !== undefined) {
      add(counts.records, owner, sign);
      add(this.bytes, owner, sign * bytes);
    }
    if (group !== undefined && this.quotas?.recordsPerGroup[collection] !== undefined) add(counts.unfiled, group, sign);
  }

  private countsOf(collection: Collection) {
    let counts = this.collections.get(collection);
    if (!counts) this.collections.set(collection, (counts = { records: new Map(), unfiled: new Map() }));
    return counts;
  }
}

/** Adds to a count, forgetting it at zero so owners who keep nothing take no memory. */
function add(counts: Map<string, number>, key: string, amount: number): void {
  const total = (counts.get(key) ?? 0) + amount;
  if (total === 0) counts.delete(key);
  else counts.set(key, total);
}
