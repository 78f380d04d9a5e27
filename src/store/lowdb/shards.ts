import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { COLLECTIONS, type Collection } from '../store.js';
import { DataFileError, DurableJsonFile } from './durable-json-file.js';
import type { Stored } from './journal.js';

export type Table = Record<string, Stored>;
export type Shards = Record<Collection, Low<Table>[]>;

/**
 * Loads every collection's lowdb shard files from `<folder>/<collection>/<n>.json`.
 * Files the manifest does not account for (a number past its shard count, a
 * record in the wrong shard) mean the manifest and the files disagree: start-up stops.
 */
export async function loadShards(folder: string, count: number, expectData: boolean): Promise<Shards> {
  const shards = {} as Shards;
  for (const collection of COLLECTIONS) {
    const directory = join(folder, collection);
    await mkdir(directory, { recursive: true });
    const names = new Set(await readdir(directory));
    await removeTemporaryFiles(directory, names);
    for (const name of names) {
      const number = /^(\d+)\.json$/.exec(name)?.[1];
      if (number !== undefined && Number(number) >= count) {
        throw new DataFileError(join(directory, name), `is shard ${number}, but the manifest says there are ${count} shards: the manifest and the files disagree`);
      }
    }
    shards[collection] = Array.from({ length: count }, (_, index) =>
      new Low<Table>(new DurableJsonFile(join(directory, `${index}.json`), isTable, 'a JSON object of stored records'), emptyTable()));
    await Promise.all(shards[collection].map(async (shard, index) => {
      if (!names.has(`${index}.json`)) return;
      if (!expectData) throw new DataFileError(folder, 'holds shard files but the manifest beside it is missing');
      shard.data = Object.assign(emptyTable(), await shard.adapter.read());
      const stray = Object.keys(shard.data).find((key) => shardNumber(key, count) !== index);
      if (stray !== undefined) {
        throw new DataFileError(join(directory, `${index}.json`), `holds a record that belongs in another shard of ${count}: the manifest and the files disagree`);
      }
    }));
  }
  return shards;
}

/** FNV-1a, 32 bits: stable across versions, so keys stay in their shard. */
export function shardNumber(key: string, count: number): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    value = Math.imul(value ^ key.charCodeAt(index), 0x01000193) >>> 0;
  }
  return value % count;
}

/** Prototype-less, so a key such as `__proto__` is plain data. */
export function emptyTable(): Table {
  return Object.create(null) as Table;
}

/** Left by a process that stopped mid-write; the lock says no one else is writing. */
async function removeTemporaryFiles(directory: string, names: Set<string>): Promise<void> {
  for (const name of names) {
    if (!name.endsWith('.tmp')) continue;
    await unlink(join(directory, name));
    names.delete(name);
  }
}

function isTable(data: unknown): data is Table {
  return typeof data === 'object' && data !== null && !Array.isArray(data) &&
    Object.values(data).every((stored: Partial<Stored> | null) =>
      typeof stored === 'object' && stored !== null && 'value' in stored && (stored.group === undefined || typeof stored.group === 'string'));
}
