import { HASHED_KEY, IDEMPOTENCY_KEYS } from './idempotency-key-records.js';
import { QuotaExceededError, type Collection, type StoreQuotas } from './store.js';

/** What one record takes from its owner: where it is filed, and its bytes (see chargedBytes). */
export interface Footprint {
  owner?: string;
  group?: string;
  bytes: number;
}

const HASHED = new RegExp(HASHED_KEY);

/**
 * The bytes a record takes from its owner: its value as compact JSON, and for an idempotency key its key as stored
 * too, which the client chose (the other collections' keys are ids the contract bounds). `key` is the key as the
 * store keeps it. An earlier build's idempotency key (not HASHED_KEY) is charged as that build charged it.
 */
export function chargedBytes(collection: Collection, key: string, valueBytes: number): number {
  return collection === IDEMPOTENCY_KEYS && HASHED.test(key) ? valueBytes + Buffer.byteLength(key) : valueBytes;
}

/** What `after`'s owner keeps now (records of the collection, bytes), and the records its group holds. */
export interface Held {
  records: number;
  bytes: number;
  inGroup: number;
}

/** Whether the change adds a record to a group whose size has a quota (only then is `Held.inGroup` needed). */
export function joinsLimitedGroup(
  quotas: StoreQuotas,
  collection: Collection,
  before: Footprint | undefined,
  after: Footprint,
): boolean {
  return quotas.recordsPerGroup[collection] !== undefined && after.group !== undefined && before?.group !== after.group;
}

/**
 * Throws QuotaExceededError when replacing `before` by `after` would pass a quota
 * of `after`'s owner. Only growth is refused: a change that keeps or frees records
 * or bytes passes even when the owner is over a quota (one lowered since, say).
 */
export function checkQuotas(
  quotas: StoreQuotas,
  collection: Collection,
  before: Footprint | undefined,
  after: Footprint,
  held: Held,
): void {
  const { names } = quotas;
  const sameOwner = before?.owner === after.owner;
  const records = quotas.records[collection];
  if (records !== undefined && !sameOwner && held.records + 1 > records)
    throw new QuotaExceededError('records', collection, records, held.records, names?.records[collection]);
  const perGroup = quotas.recordsPerGroup[collection];
  if (perGroup !== undefined && joinsLimitedGroup(quotas, collection, before, after) && held.inGroup + 1 > perGroup) {
    throw new QuotaExceededError('group', collection, perGroup, held.inGroup, names?.recordsPerGroup[collection]);
  }
  const growth = after.bytes - (sameOwner && before ? before.bytes : 0);
  if (growth > 0 && held.bytes + growth > quotas.bytes)
    throw new QuotaExceededError('bytes', collection, quotas.bytes, held.bytes, names?.bytes);
}

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
