import type { Collection } from './collections.js';
import type { QuotaName } from './store-errors.js';

export { COLLECTIONS, type Collection } from './collections.js';
export {
  QuotaExceededError,
  StoreFullError,
  StoreUnavailableError,
  type QuotaKind,
  type QuotaName,
} from './store-errors.js';

export interface Change<T> {
  previous: T | undefined;
  current: T | undefined;
}

/** What one owner may keep. A record counts against its owner; a collection or group not named has no limit. */
export interface StoreQuotas {
  /** Records one owner may keep, per collection. */
  records: Partial<Record<Collection, number>>;
  /** Records one group may hold (whoever owns them), per collection. */
  recordsPerGroup: Partial<Record<Collection, number>>;
  /** Bytes one owner may keep over every collection: values as compact JSON, and idempotency keys' keys (usage.ts's chargedBytes). */
  bytes: number;
  /** What each quota is called where it is set, carried by the QuotaExceededError it causes. */
  names?: {
    records: Partial<Record<Collection, QuotaName>>;
    recordsPerGroup: Partial<Record<Collection, QuotaName>>;
    bytes: QuotaName;
  };
}

/** Where a record is filed and whom it counts against. */
export interface Placement {
  /** Lists page through one group (the user's devices, a user's read markers in one stream). */
  group?: string;
  /** The user the record counts against (quotas). */
  owner?: string;
}

/** A stored record and its key. */
export interface Entry<T> {
  key: string;
  value: T;
}

/** A record with its filing and owner, as a snapshot of the whole store gives it (and dumps carry it). */
export interface StoredRecord {
  collection: Collection;
  key: string;
  group?: string;
  owner?: string;
  value: unknown;
}

/** One page of a list: at most `limit` records whose keys sort after `after`. */
export interface Page {
  limit: number;
  after?: string;
}

/**
 * Storage as the handlers see it. `update` applies `change` to the current value
 * atomically (no other update of the same key interleaves, in any process) and
 * resolves once the result is durably stored; returning undefined deletes;
 * throwing changes nothing. When the store cannot keep the change, `update`
 * rejects and the change is not readable afterwards. A store opened with
 * quotas counts each record against its `owner` and rejects, keeping nothing,
 * a change that would pass one (QuotaExceededError). A store may call `change` more than once for one
 * update (PostgreSQL runs a batch again when another instance moved its owners' usage); only the last
 * call's result is kept, so a change sets what it tells its caller rather than adding to it.
 *
 * A record may be filed under a `group` (the user's devices, a user's read
 * markers in one stream); `list` pages through one group in key order, at a
 * cost that depends on the page, not on the size of the collection.
 */
export interface Store {
  get<T>(collection: Collection, key: string): Promise<T | undefined>;
  list<T>(collection: Collection, group: string, page: Page): Promise<Entry<T>[]>;
  update<T>(
    collection: Collection,
    key: string,
    change: (previous: T | undefined) => T | undefined,
    placement?: Placement,
  ): Promise<Change<T>>;
  /**
   * Every record, as one consistent snapshot taken when the iteration starts (every
   * change that resolved before is in it; changes made while it runs are not),
   * collection by collection in COLLECTIONS order, keys in code-unit order.
   */
  records?(): AsyncIterable<StoredRecord>;
  /** Resolves while the store can serve; rejects when it cannot (closed, database unreachable). */
  ping(): Promise<void>;
  /**
   * Counts hits in fixed windows, shared by every process that serves this store
   * (so rate limits hold across instances). A store only one process can serve
   * leaves it out, and the counting stays in that process.
   */
  readonly hits?: HitCounter;
  /**
   * Stops taking changes and releases the store. Rejects when it could not write
   * everything out (lowdb: its final checkpoint failed); nothing is lost then, the
   * journal keeps every change for the next start.
   */
  close(): Promise<void>;
}

/** Hits per key in fixed windows: see Store.hits. */
export interface HitCounter {
  /** Counts one hit of `key`: the hits in its current window (this one included), and when that window ends. */
  hit(key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }>;
  /** Forgets the hits of `key`. */
  reset(key: string): Promise<void>;
}

/**
 * A key made of parts. `%` and `/` are escaped in each part, so no two part
 * lists share a key; any string is a valid part (lone surrogates included).
 */
export function keyOf(...parts: string[]): string {
  return parts.map((part) => part.replaceAll('%', '%25').replaceAll('/', '%2F')).join('/');
}

/** The parts `keyOf` made `key` of. */
export function partsOf(key: string): string[] {
  return key.split('/').map((part) => part.replace(/%2F|%25/g, (escape) => (escape === '%2F' ? '/' : '%')));
}
