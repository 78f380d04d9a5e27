import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { FOLDER_MODE } from '../../files/modes.js';
import { COLLECTIONS, type Collection } from '../../store.js';
import { DataFileError } from './durable-json-file.js';
import type { Stored } from './journal.js';
import { emptyTable, ShardFile, type Table } from './shard-file.js';

export type { Table };
export type Shards = Record<Collection, Low<Table>[]>;

export interface LoadOptions {
  /** The shard files' write chunk (see ShardFile). */
  chunkChars?: number;
  onRecord?: (collection: Collection, key: string, stored: Stored, record: string) => void;
}

/**
 * Loads every collection's lowdb shard files from `<folder>/<collection>/<n>.json`,
 * telling `onRecord` each record, parsed and as the text kept. Files the manifest does not
 * account for (a number past its shard count, a record in the wrong shard) mean
 * the manifest and the files disagree: start-up stops.
 */
export async function loadShards(
  folder: string,
  count: number,
  expectData: boolean,
  options: LoadOptions = {},
): Promise<Shards> {
  const { chunkChars, onRecord = () => {} } = options;
  const shards = {} as Shards;
  for (const collection of COLLECTIONS) {
    const directory = join(folder, collection);
    await mkdir(directory, { recursive: true, mode: FOLDER_MODE });
    const names = new Set(await readdir(directory));
    await removeTemporaryFiles(directory, names);
    for (const name of names) {
      const number = /^(\d+)\.json$/.exec(name)?.[1];
      if (number !== undefined && Number(number) >= count) {
        throw new DataFileError(
          join(directory, name),
          `is shard ${number}, but the manifest says there are ${count} shards: the manifest and the files disagree`,
        );
      }
    }
    const files = Array.from({ length: count }, (_, index) => {
      const file = new ShardFile(join(directory, `${index}.json`), chunkChars);
      return { file, shard: new Low<Table>(file, emptyTable()) };
    });
    shards[collection] = files.map(({ shard }) => shard);
    await Promise.all(
      files.map(async ({ file, shard }, index) => {
        if (!names.has(`${index}.json`)) return;
        if (!expectData) throw new DataFileError(folder, 'holds shard files but the manifest beside it is missing');
        const data = await file.read((key, stored, record) => {
          if (shardNumber(key, count) !== index) {
            throw new DataFileError(
              file.path,
              `holds a record that belongs in another shard of ${count}: the manifest and the files disagree`,
            );
          }
          onRecord(collection, key, stored, record);
        });
        if (data) shard.data = data;
      }),
    );
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

/** Left by a process that stopped mid-write; the lock says no one else is writing. */
async function removeTemporaryFiles(directory: string, names: Set<string>): Promise<void> {
  for (const name of names) {
    if (!name.endsWith('.tmp')) continue;
    await unlink(join(directory, name));
    names.delete(name);
  }
}
