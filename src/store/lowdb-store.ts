import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { COLLECTIONS, type Change, type Collection, type Store } from './store.js';

type Table = Record<string, unknown>;
type Tables = Record<Collection, Table>;

/** The embedded default: every collection in one lowdb JSON file. */
export async function openLowdbStore(file: string): Promise<Store> {
  await mkdir(dirname(file), { recursive: true });
  const db = new Low<Partial<Tables>>(new JSONFile(file), {});
  await db.read();
  const tables = toTables(db.data);
  db.data = tables;

  return {
    async get<T>(collection: Collection, key: string) {
      return tables[collection][key] as T | undefined;
    },
    async list<T>(collection: Collection, prefix = '') {
      return Object.entries(tables[collection])
        .filter(([key]) => key.startsWith(prefix))
        .map(([, value]) => value as T);
    },
    async update<T>(collection: Collection, key: string, change: (previous: T | undefined) => T | undefined) {
      const table = tables[collection];
      const previous = table[key] as T | undefined;
      const current = change(previous);
      put(table, key, current);
      try {
        await db.write();
      } catch (error) {
        if (table[key] === current) put(table, key, previous);
        throw error;
      }
      return { previous, current } satisfies Change<T>;
    },
    async close() {},
  };
}

function put(table: Table, key: string, value: unknown): void {
  // Tables are prototype-less records that lowdb serialises; deleting a key is how they shrink.
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
  if (value === undefined) delete table[key];
  else table[key] = value;
}

/** Tables without prototypes, so a key such as `__proto__` is plain data. */
function toTables(data: Partial<Tables>): Tables {
  const tables = {} as Tables;
  for (const collection of COLLECTIONS) {
    tables[collection] = Object.assign(Object.create(null) as Table, data[collection] ?? {});
  }
  return tables;
}
