import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Low } from 'lowdb';
import { GroupIndex } from '../group-index.js';
import { COLLECTIONS, type Collection, type Entry, type Page } from '../store.js';
import type { Op, Stored } from './journal.js';
import { shardNumber, type Shards, type Table } from './shards.js';

/** Longest stretch of serialising shards before other work gets a turn. */
const SLICE_MS = 4;

/**
 * The committed state: what the journal holds, in the lowdb shards' data, with
 * each collection's group index. Shards changed since their last write are
 * dirty until a checkpoint writes them.
 */
export class Committed {
  private dirty = new Set<Low<Table>>();
  private readonly indexes = {} as Record<Collection, GroupIndex>;

  constructor(private readonly shards: Shards) {
    for (const collection of COLLECTIONS) {
      const index = new GroupIndex();
      for (const shard of shards[collection]) {
        for (const [key, stored] of Object.entries(shard.data)) index.set(key, stored.group);
      }
      this.indexes[collection] = index;
    }
  }

  get(collection: Collection, key: string): Stored | undefined {
    return this.shardOf(collection, key).data[key];
  }

  page(collection: Collection, group: string, page: Page): Entry<unknown>[] {
    return this.indexes[collection].page(group, page).map((key) => ({ key, value: this.get(collection, key)?.value }));
  }

  apply([collection, key, stored]: Op): void {
    const shard = this.shardOf(collection, key);
    // Tables are prototype-less records that lowdb serialises; deleting a key is how they shrink.
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
    if (stored === null) delete shard.data[key];
    else shard.data[key] = stored;
    this.indexes[collection].set(key, stored?.group);
    this.dirty.add(shard);
  }

  get hasDirty(): boolean {
    return this.dirty.size > 0;
  }

  /** Writes every dirty shard durably; on failure they stay dirty and the error is thrown. */
  async writeDirty(): Promise<void> {
    const batch = [...this.dirty];
    this.dirty = new Set();
    const writes: Promise<void>[] = [];
    let sliceStart = performance.now();
    for (const shard of batch) {
      writes.push(shard.write().catch((error: unknown) => { this.dirty.add(shard); throw error; }));
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn(); // let requests in between: no long stall of the event loop
        sliceStart = performance.now();
      }
    }
    // Settle every write before reporting a failure: the next checkpoint must not race a rename still in flight.
    const failure = (await Promise.allSettled(writes)).find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  private shardOf(collection: Collection, key: string): Low<Table> {
    const shards = this.shards[collection];
    const shard = shards[shardNumber(key, shards.length)];
    if (!shard) throw new Error(`no shard for ${collection}/${key}`);
    return shard;
  }
}
