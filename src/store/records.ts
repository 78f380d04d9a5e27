import type { Collection, StoredRecord } from './store.js';

// What every store shares about whole records, beside the Store interface: a snapshot's records
// (Store.records), the lines a lowdb owner sends of them, and a store that a dump is imported into
// (the dump format itself is src/dump/).

/** A record without undefined members, so records compare and print alike whichever store made them. */
export function storedRecord(
  collection: Collection,
  key: string,
  stored: { value: unknown; group?: string | undefined; owner?: string | undefined },
): StoredRecord {
  return {
    collection,
    key,
    ...(stored.group === undefined ? {} : { group: stored.group }),
    ...(stored.owner === undefined ? {} : { owner: stored.owner }),
    value: stored.value,
  };
}

/** A record's canonical line (a dump's record line), without its newline: members in this order, absent ones left out. */
export function recordLine({ collection, key, group, owner, value }: StoredRecord): string {
  return JSON.stringify({ collection, key, group, owner, value });
}

/** A store being imported into, for the length of one import. */
export interface ImportTarget {
  /** The records the store holds, in dump order, as of when the iteration starts: writes meanwhile do not show. */
  records(): AsyncIterable<StoredRecord>;
  /** Stores these records, each in place of any record of its key. */
  write(records: StoredRecord[]): Promise<void>;
  /** Makes the import final. */
  commit(): Promise<void>;
  /** Gives up. PostgreSQL takes back what was written; lowdb keeps it (an import run again finishes it). */
  abandon(): Promise<void>;
  /** Whether `abandon` takes back every write: then the import writes as it compares, in one pass, and abandons when it must refuse. */
  readonly transactional?: boolean;
}
