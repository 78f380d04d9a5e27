import type { Pool } from 'pg';
import type { Collection, Entry, Page } from '../store.js';
import { qualified, type Connection } from './connection.js';
import { storeErrorOf } from './errors.js';
import { keyToText, textToKey } from './key-text.js';

/**
 * The store's reads: one statement each, outside a transaction, so one round trip.
 * With no transaction there is no SET LOCAL to carry a schema or a statement_timeout,
 * so the table is named with its schema, and the pool's client-side query_timeout
 * bounds the wait (the connection is then closed). A read waits on no lock a writer
 * holds (MVCC), and is a key lookup or an index range with a LIMIT: nothing runaway is
 * left on the server that a statement_timeout would have stopped.
 */
export function readRecords(pool: Pool, connection: Pick<Connection, 'schema'>) {
  const records = qualified(connection, 'records');
  const query = <Row extends object>(text: string, values: unknown[]) =>
    pool.query<Row>(text, values).catch((error: unknown) => {
      throw storeErrorOf(error);
    });
  return {
    async get<T>(collection: Collection, key: string): Promise<T | undefined> {
      const { rows } = await query<{ value: T }>(`SELECT value FROM ${records} WHERE collection = $1 AND key = $2`, [
        collection,
        keyToText(key),
      ]);
      return rows[0]?.value;
    },
    async list<T>(collection: Collection, group: string, { limit, after }: Page): Promise<Entry<T>[]> {
      const { rows } =
        after === undefined
          ? await query<{ key: string; value: T }>(
              `SELECT key, value FROM ${records} WHERE collection = $1 AND grp = $2 ORDER BY key LIMIT $3`,
              [collection, keyToText(group), limit],
            )
          : await query<{ key: string; value: T }>(
              `SELECT key, value FROM ${records} WHERE collection = $1 AND grp = $2 AND key > $3 ORDER BY key LIMIT $4`,
              [collection, keyToText(group), keyToText(after), limit],
            );
      return rows.map((row): Entry<T> => ({ key: textToKey(row.key), value: row.value }));
    },
  };
}
