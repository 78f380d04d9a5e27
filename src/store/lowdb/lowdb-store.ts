import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Low } from 'lowdb';
import { DataFileError, DurableJsonFile } from './durable-json-file.js';
import { GroupCommit } from './group-commit.js';
import { acquireLock } from './lock.js';
import { GroupIndex } from '../group-index.js';
import { COLLECTIONS, type Change, type Collection, type Entry, type Page, type Store } from '../store.js';

/** A record as a shard file holds it: the value and the group it is listed under. */
interface Stored {
  value: unknown;
  group?: string;
}
type Table = Record<string, Stored>;
interface Manifest {
  format: typeof FORMAT;
  shards: number;
}

const FORMAT = 'collab-lowdb-shards-v2';
/** Shards per collection: a write rewrites one small file whatever the total size. */
const SHARDS = 1024;
/** Longest stretch of serialising shards before other work gets a turn. */
const SLICE_MS = 4;

/**
 * The embedded default. `dataFile` is a lowdb manifest; each collection is split
 * by key hash into lowdb shard files under `<dataFile>.d/<collection>/`. Every
 * value is in memory; writes are group-committed, and only the shards a batch
 * changed are rewritten, each durably.
 */
export async function openLowdbStore(dataFile: string): Promise<Store> {
  const folder = `${dataFile}.d`;
  await mkdir(folder, { recursive: true });
  const release = await acquireLock(dataFile);
  try {
    const manifest = new Low<Manifest>(new DurableJsonFile(dataFile, isManifest, `a ${FORMAT} manifest`), { format: FORMAT, shards: SHARDS });
    const existing = await manifest.adapter.read();
    const shards = await loadShards(folder, existing?.shards ?? SHARDS, existing !== null);
    const indexes = indexGroups(shards);
    let open = true;
    let manifestWritten = existing !== null;
    const dirty = new Set<Low<Table>>();

    const writer = new GroupCommit(async () => {
      if (!manifestWritten) {
        await manifest.write();
        manifestWritten = true;
      }
      const batch = [...dirty];
      dirty.clear();
      const writes: Promise<void>[] = [];
      let sliceStart = performance.now();
      for (const shard of batch) {
        writes.push(shard.write().catch((error: unknown) => { dirty.add(shard); throw error; }));
        if (performance.now() - sliceStart > SLICE_MS) {
          await nextTurn(); // let requests in between: no long stall of the event loop
          sliceStart = performance.now();
        }
      }
      // Settle every write before reporting a failure: the next batch must not race a rename still in flight.
      const failure = (await Promise.allSettled(writes)).find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    });

    const shardOf = (collection: Collection, key: string): Low<Table> => {
      const shard = shards[collection][hash(key) % shards[collection].length];
      if (!shard) throw new Error(`no shard for ${collection}/${key}`);
      return shard;
    };
    return {
      async get<T>(collection: Collection, key: string) {
        return shardOf(collection, key).data[key]?.value as T | undefined;
      },
      async list<T>(collection: Collection, group: string, page: Page) {
        return indexes[collection].page(group, page)
          .map((key) => ({ key, value: shardOf(collection, key).data[key]?.value as T }) satisfies Entry<T>);
      },
      async update<T>(collection: Collection, key: string, change: (previous: T | undefined) => T | undefined, group?: string) {
        const shard = shardOf(collection, key);
        const previous = shard.data[key]?.value as T | undefined;
        const current = change(previous);
        put(shard.data, key, current === undefined ? undefined : { value: current, ...(group === undefined ? {} : { group }) });
        indexes[collection].set(key, current === undefined ? undefined : group);
        dirty.add(shard);
        await writer.commit();
        return { previous, current } satisfies Change<T>;
      },
      async ping() {
        if (!open) throw new Error('the store is closed');
      },
      async close() {
        open = false;
        await writer.idle();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function loadShards(folder: string, count: number, expectData: boolean): Promise<Record<Collection, Low<Table>[]>> {
  const shards = {} as Record<Collection, Low<Table>[]>;
  for (const collection of COLLECTIONS) {
    const directory = join(folder, collection);
    await mkdir(directory, { recursive: true });
    const names = new Set(await readdir(directory));
    await removeTemporaryFiles(directory, names);
    shards[collection] = Array.from({ length: count }, (_, index) =>
      new Low<Table>(new DurableJsonFile(join(directory, `${index}.json`), isTable, 'a JSON object of stored records'), emptyTable()));
    await Promise.all(shards[collection].map(async (shard, index) => {
      if (!names.has(`${index}.json`)) return;
      if (!expectData) throw new DataFileError(folder, 'holds shard files but the manifest beside it is missing');
      shard.data = Object.assign(emptyTable(), await shard.adapter.read());
    }));
  }
  return shards;
}

function indexGroups(shards: Record<Collection, Low<Table>[]>): Record<Collection, GroupIndex> {
  const indexes = {} as Record<Collection, GroupIndex>;
  for (const collection of COLLECTIONS) {
    const index = new GroupIndex();
    for (const shard of shards[collection]) {
      for (const [key, stored] of Object.entries(shard.data)) index.set(key, stored.group);
    }
    indexes[collection] = index;
  }
  return indexes;
}

/** Left by a process that stopped mid-write; the lock says no one else is writing. */
async function removeTemporaryFiles(directory: string, names: Set<string>): Promise<void> {
  for (const name of names) {
    if (name.endsWith('.tmp')) await unlink(join(directory, name));
  }
}

/** Prototype-less, so a key such as `__proto__` is plain data. */
function emptyTable(): Table {
  return Object.create(null) as Table;
}

function put(table: Table, key: string, value: Stored | undefined): void {
  // Tables are prototype-less records that lowdb serialises; deleting a key is how they shrink.
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
  if (value === undefined) delete table[key];
  else table[key] = value;
}

/** FNV-1a, 32 bits: stable across versions, so keys stay in their shard. */
function hash(key: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    value = Math.imul(value ^ key.charCodeAt(index), 0x01000193) >>> 0;
  }
  return value;
}

function isManifest(data: unknown): data is Manifest {
  const manifest = data as Partial<Manifest> | null;
  return typeof manifest === 'object' && manifest !== null && manifest.format === FORMAT &&
    Number.isInteger(manifest.shards) && (manifest.shards ?? 0) > 0;
}

function isTable(data: unknown): data is Table {
  return typeof data === 'object' && data !== null && !Array.isArray(data) &&
    Object.values(data).every((stored: Partial<Stored> | null) =>
      typeof stored === 'object' && stored !== null && 'value' in stored && (stored.group === undefined || typeof stored.group === 'string'));
}
