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

/** One quota a change is held to, in the order checked: what its owner (or group) holds of `kind` plus `growth` must not pass `limit`. */
export interface QuotaTest {
  kind: 'records' | 'group' | 'bytes';
  growth: number;
  limit: number;
}

/**
 * The quotas replacing `before` by `after` is checked against. Only growth is: a change that keeps or frees records
 * or bytes passes even when the owner is over a quota (one lowered since, say).
 */
function quotaTests(quotas: StoreQuotas, collection: Collection, before: Footprint | undefined, after: Footprint) {
  const tests: QuotaTest[] = [];
  const sameOwner = before?.owner === after.owner;
  const records = quotas.records[collection];
  if (records !== undefined && !sameOwner) tests.push({ kind: 'records', growth: 1, limit: records });
  const perGroup = quotas.recordsPerGroup[collection];
  if (perGroup !== undefined && joinsLimitedGroup(quotas, collection, before, after))
    tests.push({ kind: 'group', growth: 1, limit: perGroup });
  const growth = after.bytes - (sameOwner && before ? before.bytes : 0);
  if (growth > 0) tests.push({ kind: 'bytes', growth, limit: quotas.bytes });
  return tests;
}

/**
 * Throws QuotaExceededError when replacing `before` by `after` would pass a quota of `after`'s owner (see
 * quotaTests). `decided` hears each test made, in order, with what was held and whether it refused.
 */
export function checkQuotas(
  quotas: StoreQuotas,
  collection: Collection,
  before: Footprint | undefined,
  after: Footprint,
  held: Held,
  decided?: (test: QuotaTest, used: number, refused: boolean) => void,
): void {
  const { names } = quotas;
  for (const test of quotaTests(quotas, collection, before, after)) {
    const used = test.kind === 'records' ? held.records : test.kind === 'group' ? held.inGroup : held.bytes;
    const refused = used + test.growth > test.limit;
    decided?.(test, used, refused);
    if (!refused) continue;
    const name =
      test.kind === 'records'
        ? names?.records[collection]
        : test.kind === 'group'
          ? names?.recordsPerGroup[collection]
          : names?.bytes;
    throw new QuotaExceededError(test.kind, collection, test.limit, used, name);
  }
}
