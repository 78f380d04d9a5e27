import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isObject, whereJsonFails } from '../../../lib/json.js';
import { COLLECTIONS } from '../../store.js';
import { DataFileError } from '../engine/durable-json-file.js';
import type { Stored } from '../engine/journal.js';
import { laterOf, upgradedRecord } from './old-records.js';

// The records of v0 (one file) and v1 (shards of bare values) lowdb files, read for the upgrade (upgrade.ts),
// each brought to the current record form.

/** Each collection's records by key. */
export type Tables = Record<(typeof COLLECTIONS)[number], Map<string, Stored>>;

function emptyTables(): Tables {
  return Object.fromEntries(COLLECTIONS.map((collection) => [collection, new Map()])) as Tables;
}

function add(tables: Tables, collection: (typeof COLLECTIONS)[number], key: string, value: unknown): void {
  const upgraded = upgradedRecord(collection, key, value);
  const table = tables[collection];
  const earlier = table.get(upgraded.key);
  table.set(upgraded.key, earlier ? laterOf(earlier, upgraded.stored) : upgraded.stored);
}

export function tablesOfSingleFile(data: Record<string, Record<string, unknown>>): Tables {
  const tables = emptyTables();
  for (const collection of COLLECTIONS) {
    for (const [key, value] of Object.entries(data[collection] ?? {})) add(tables, collection, key, value);
  }
  return tables;
}

/** v1 shards: `<folder>/<collection>/<n>.json`, each compact JSON of bare values. */
export async function tablesOfShards(folder: string, count: number): Promise<Tables> {
  const tables = emptyTables();
  for (const collection of COLLECTIONS) {
    const directory = join(folder, collection);
    const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw new DataFileError(directory, `cannot be read (${error.message})`);
    });
    for (const name of names) {
      const number = /^(\d+)\.json$/.exec(name)?.[1];
      if (number === undefined) continue; // a temporary file of a write that never finished
      const path = join(directory, name);
      if (Number(number) >= count)
        throw new DataFileError(path, `is shard ${number}, but the manifest says there are ${count} shards`);
      const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new DataFileError(path, `cannot be read (${error.code ?? error.message})`);
      });
      let table: unknown;
      try {
        table = JSON.parse(text);
      } catch {
        throw new DataFileError(path, `is not valid JSON, perhaps truncated (${whereJsonFails(text)})`);
      }
      if (!isObject(table)) throw new DataFileError(path, 'is JSON but not a JSON object of records');
      for (const [key, value] of Object.entries(table)) add(tables, collection, key, value);
    }
  }
  return tables;
}
