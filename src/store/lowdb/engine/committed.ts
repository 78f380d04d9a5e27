import type { Low } from 'lowdb';
import { GroupIndex } from '../../group-index.js';
import { COLLECTIONS, type Collection, type Entry, type Page, type StoredRecord } from '../../store.js';
import type { Stored } from './record-text.js';
import { parseRecord } from './record-text.js';
import { shardNumber, type Shards, type Table } from './shards.js';
import { snapshotRecords, type Snapshot } from './snapshot.js';

/** Shards a checkpoint writes at once; libuv's thread pool has four threads by default. */
const CHECKPOINT_WRITERS = 2;

/** Each collection's group index. */
type GroupIndexes = Record<Collection, GroupIndex>;

/**
 * The committed state: what the journal holds, in the lowdb shards' data, with
 * each collection's group index. Each record is held as its JSON text and parsed
 * when read, so what it costs in memory follows its stored bytes, whatever its
 * shape, and the collector has one string to walk, not a tree. Shards changed
 * since their last write are dirty until a checkpoint writes them.
 */
export class Committed {
  private dirty = new Set<Low<Table>>();
  /** Views being read (exports): each keeps what a change replaces until it has read it. */
  private readonly snapshots = new Set<Snapshot>();

  private readonly indexes: GroupIndexes;

  /** `moved` hears each key a group index moves (see GroupIndex). */
  constructor(
    private readonly shards: Shards,
    moved?: (collection: Collection, before: string | undefined, after: string | undefined) => void,
  ) {
    const indexOf = (collection: Collection) =>
      new GroupIndex({
        groupOf: (key) => this.get(collection, key)?.group,
        moved: moved && ((before, after) => moved(collection, before, after)),
      });
    this.indexes = Object.fromEntries(
      COLLECTIONS.map((collection) => [collection, indexOf(collection)]),
    ) as GroupIndexes;
  }

  get(collection: Collection, key: string): Stored | undefined {
    const record = this.text(collection, key);
    return record === undefined ? undefined : parseRecord(record);
  }

  /** The record's text (recordText), as held. */
  text(collection: Collection, key: string): string | undefined {
    return this.shardOf(collection, key).data.get(key);
  }

  /** The records filed under `group`. */
  count(collection: Collection, group: string): number {
    return this.indexes[collection].count(group);
  }

  /** Files a record loaded into its shard's table (loadShards), which no group holds yet. */
  file(collection: Collection, key: string, group: string | undefined): void {
    this.indexes[collection].set(key, group, undefined);
  }

  page(collection: Collection, group: string, page: Page): Entry<unknown>[] {
    return this.indexes[collection].page(group, page).map((key) => ({ key, value: this.get(collection, key)?.value }));
  }

  /** Every committed record as of when the iteration starts, in dump order, while changes go on. */
  records(): AsyncIterable<StoredRecord> {
    return snapshotRecords(
      this.shards,
      (snapshot) => this.snapshots.add(snapshot),
      (snapshot) => this.snapshots.delete(snapshot),
    );
  }

  /**
   * The record at `key` is now `record` (its JSON, recordText), filed under `group`; null deletes it. `before` is the
   * group the record it replaces was filed under (undefined: none), which its caller has read already.
   */
  apply(
    collection: Collection,
    key: string,
    record: string | null,
    group: string | undefined,
    before: string | undefined,
  ): void {
    const shard = this.shardOf(collection, key);
    for (const snapshot of this.snapshots) snapshot.keep(shard.data, key);
    if (record === null) shard.data.delete(key);
    else shard.data.set(key, record);
    this.indexes[collection].set(key, record === null ? undefined : group, before);
    this.dirty.add(shard);
  }

  get hasDirty(): boolean {
    return this.dirty.size > 0;
  }

  /**
   * Writes every dirty shard durably; on failure they stay dirty and the error is
   * thrown. A few at a time: each write is several calls on libuv's thread pool,
   * and journal appends wait behind whatever is queued there.
   */
  async writeDirty(): Promise<void> {
    const batch = [...this.dirty];
    this.dirty = new Set();
    let next = 0;
    let failure: { reason: unknown } | undefined;
    const writer = async () => {
      for (let shard = batch[next++]; shard; shard = batch[next++]) {
        // Every shard is tried, so the next checkpoint has only the failed ones left to write.
        await shard.write().catch((error: unknown) => {
          this.dirty.add(shard);
          failure ??= { reason: error };
        });
      }
    };
    await Promise.all(Array.from({ length: CHECKPOINT_WRITERS }, writer));
    if (failure) throw failure.reason;
  }

  private shardOf(collection: Collection, key: string): Low<Table> {
    const shards = this.shards[collection];
    const shard = shards[shardNumber(key, shards.length)];
    if (!shard) throw new Error(`no shard for ${collection}/${key}`);
    return shard;
  }
}
