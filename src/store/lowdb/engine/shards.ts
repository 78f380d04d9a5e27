import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { FOLDER_MODE } from '../../files/modes.js';
import { COLLECTIONS, type Collection } from '../../store.js';
import { DataFileError } from './durable-json-file.js';
import type { Stored } from './record-text.js';
import { ShardFile } from './shard-file.js';
import { emptyTable, type Table } from './shard-table.js';

export type { Table };
export type Shards = Record<Collection, Low<Table>[]>;

/** Each collection's `count` shards, their tables empty until loadShards fills them. */
export function shardsIn(folder: string, count: number, chunkChars?: number): Shards {
  const shards = {} as Shards;
  for (const collection of COLLECTIONS) {
    shards[collection] = Array.from(
      { length: count },
      (_, index) => new Low<Table>(new ShardFile(shardPath(folder, collection, index), chunkChars), emptyTable()),
    );
  }
  return shards;
}

/**
 * Fills each collection's shards (shardsIn) from their files, `<folder>/<collection>/<n>.json`, in place, telling
 * `onRecord` each record, parsed and as the text kept, once the table holds it. Files the manifest does not
 * account for (a number past its shard count, a record in the wrong shard) mean the manifest and the files
 * disagree: start-up stops.
 */
export async function loadShards(
  folder: string,
  shards: Shards,
  expectData: boolean,
  onRecord: (collection: Collection, key: string, stored: Stored, record: string) => void = () => {},
): Promise<void> {
  for (const collection of COLLECTIONS) {
    const count = shards[collection].length;
    const directory = join(folder, collection);
    await mkdir(directory, { recursive: true, mode: FOLDER_MODE });
    const names = new Set(await readdir(directory));
    for (const name of names) {
      const number = /^(\d+)\.json$/.exec(name)?.[1];
      if (number !== undefined && Number(number) >= count) {
        throw new DataFileError(
          join(directory, name),
          `is shard ${number}, but the manifest says there are ${count} shards: the manifest and the files disagree`,
        );
      }
    }
    await Promise.all(
      shards[collection].map(async (shard, index) => {
        if (!names.has(`${index}.json`)) return;
        if (!expectData) throw new DataFileError(folder, 'holds shard files but the manifest beside it is missing');
        const path = shardPath(folder, collection, index);
        const read = (key: string, stored: Stored, record: string) => {
          if (shardNumber(key, count) !== index) {
            throw new DataFileError(
              path,
              `holds a record that belongs in another shard of ${count}: the manifest and the files disagree`,
            );
          }
          onRecord(collection, key, stored, record);
        };
        await new ShardFile(path).read(read, shard.data);
      }),
    );
  }
}

function shardPath(folder: string, collection: Collection, index: number): string {
  return join(folder, collection, `${index}.json`);
}

/** FNV-1a, 32 bits: stable across versions, so keys stay in their shard. */
export function shardNumber(key: string, count: number): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    value = Math.imul(value ^ key.charCodeAt(index), 0x01000193) >>> 0;
  }
  return value % count;
}

/** Removes the shards' temporary files, left by a process that stopped mid-write; the lock says no one else is writing. */
export async function removeTemporaryFiles(folder: string): Promise<void> {
  for (const collection of COLLECTIONS) {
    const directory = join(folder, collection);
    for (const name of await readdir(directory).catch(() => [])) {
      if (name.endsWith('.tmp')) await unlink(join(directory, name));
    }
  }
}
