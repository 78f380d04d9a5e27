import type { Collection } from '../../store.js';
import { chargedBytes, type Footprint, type Usage } from '../../usage.js';
import type { Stored } from './journal.js';
import { recordSize, valueBytes } from './record-text.js';
import type { Sizes } from './sizes.js';

/** What each stored record takes: its bytes in the store (the stated size) and its charged bytes from its owner (quotas). */
export class Accounts {
  constructor(
    readonly sizes: Sizes,
    readonly usage: Usage,
  ) {}

  /** Counts the record at `key` as `stored` (none when null or undefined); `bytes` is its line's size when known. */
  set(collection: Collection, key: string, stored: Stored | null | undefined, bytes = recordSize(key, stored)): void {
    this.sizes.set(collection, key, bytes);
    if (this.usage.counting) this.usage.set(collection, key, footprintOf(collection, key, stored, bytes));
  }
}

/** What a stored record takes from its owner; undefined for none. */
function footprintOf(
  collection: Collection,
  key: string,
  stored: Stored | null | undefined,
  bytes: number | undefined,
): Footprint | undefined {
  if (!stored || bytes === undefined) return undefined;
  return {
    owner: stored.owner,
    group: stored.group,
    bytes: chargedBytes(collection, key, valueBytes(key, stored, bytes)),
  };
}
