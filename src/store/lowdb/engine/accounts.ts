import type { Collection } from '../../store.js';
import { chargedBytes, type Footprint } from '../../quota-checks.js';
import type { Usage } from '../../usage.js';
import type { Stored } from './record-text.js';
import { valueBytes, type Serialized } from './record-text.js';
import type { Sizes } from './sizes.js';

/** What one record takes: its stored bytes (the stated size) and what it takes from its owner (quotas). */
export interface Account {
  size: number;
  footprint: Footprint | undefined;
}

/**
 * What the stored records take, in totals: the stored bytes (the stated size) and each owner's usage (quotas).
 * Nothing is kept per record: a record's account follows from what the store holds of it, its staged change or
 * its committed text, so a million records cost no more than their text and index.
 */
export class Accounts {
  constructor(
    readonly sizes: Sizes,
    readonly usage: Usage,
  ) {}

  /** A record held as `stored`, whose shard line takes `size` bytes; the footprint only when quotas are counted. */
  of(collection: Collection, key: string, stored: Stored, size: number): Account {
    if (!this.usage.counting) return { size, footprint: undefined };
    const bytes = chargedBytes(collection, key, valueBytes(key, stored, size));
    return { size, footprint: { owner: stored.owner, group: stored.group, bytes } };
  }

  /** What a staged change leaves the record taking; undefined for a delete. */
  ofOp(op: Serialized): Account | undefined {
    const [collection, key, stored] = op;
    if (stored === null || op.size === undefined || op.valueBytes === undefined) return undefined;
    const { owner, group } = stored;
    return { size: op.size, footprint: { owner, group, bytes: chargedBytes(collection, key, op.valueBytes) } };
  }

  /** Throws QuotaExceededError when the record may not go from `before` to `after`; changes nothing. */
  check(collection: Collection, before: Account | undefined, after: Account | undefined): void {
    this.usage.check(collection, before?.footprint, after?.footprint);
  }

  /** A record that took `before` (undefined: none) now takes `after` (undefined: it is gone). */
  change(collection: Collection, before: Account | undefined, after: Account | undefined): void {
    this.sizes.change(before?.size, after?.size);
    this.usage.change(collection, before?.footprint, after?.footprint);
  }
}
