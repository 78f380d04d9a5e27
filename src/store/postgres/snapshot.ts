import type { ClientBase } from 'pg';
import { storedRecord } from '../records.js';
import { COLLECTIONS, type Collection, type StoredRecord } from '../store.js';
import { connectClient } from './connect.js';
import { connectionOf } from './connection.js';
import { textToKey } from './key-text.js';
import { MIGRATIONS } from './schema-steps.js';
import { beginSql } from './transaction.js';

/** Rows fetched at once: memory stays flat however many records there are. */
const FETCH = 2000;

interface Row {
  key: string;
  grp: string | null;
  owner: string | null;
  value: unknown;
}

/**
 * Every record of the database at `url` in one REPEATABLE READ, READ ONLY
 * transaction (one snapshot: every commit before its first statement, nothing
 * after), collection by collection through a cursor in key order (keys COLLATE "C"
 * in keyToText's form sort as the keys' code units do), on a connection of its
 * own without the service's statement timeouts.
 */
export async function* postgresRecords(url: string): AsyncGenerator<StoredRecord> {
  const { client, connection } = await connectClient(connectionOf(url), { application_name: 'collab-service export' });
  try {
    // The cursor and the snapshot live in the transaction, which a transaction pooler keeps on one server connection.
    await client.query(beginSql({ mode: 'ISOLATION LEVEL REPEATABLE READ READ ONLY', schema: connection.schema }));
    await mustKnowSchema(client);
    const owners = await hasOwners(client);
    for (const collection of COLLECTIONS) yield* collectionRecords(client, collection, owners);
    await client.query('COMMIT');
  } finally {
    await client.end().catch(() => {});
  }
}

/** Records of one collection through a cursor, in the transaction `client` is in. */
export async function* collectionRecords(
  client: ClientBase,
  collection: Collection,
  owners = true,
): AsyncGenerator<StoredRecord> {
  // The collection is one of ours, not input: a literal is safe, and lets the cursor's plan use the primary key.
  await client.query(`DECLARE collab_records NO SCROLL CURSOR FOR
    SELECT key, grp, ${owners ? 'owner' : 'NULL AS owner'}, value FROM records WHERE collection = '${collection}' ORDER BY key`);
  for (;;) {
    const { rows } = await client.query<Row>(`FETCH ${FETCH} FROM collab_records`);
    for (const row of rows) {
      yield storedRecord(collection, textToKey(row.key), {
        value: row.value,
        ...(row.grp === null ? {} : { group: textToKey(row.grp) }),
        ...(row.owner === null ? {} : { owner: textToKey(row.owner) }),
      });
    }
    if (rows.length < FETCH) break;
  }
  await client.query('CLOSE collab_records');
}

/** A schema newer than this build knows may mean more than this build reads: refused, as start-up refuses it. */
async function mustKnowSchema(client: ClientBase): Promise<void> {
  const { rows } = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  const known = Math.max(...MIGRATIONS.map((migration) => migration.version));
  const version = rows[0]?.version ?? 0;
  if (version > known)
    throw new Error(
      `the database schema is at version ${version}, newer than this build knows (${known}): export with a newer build`,
    );
}

/** Whether `records` has its owner column (schema version 3 on); a database of an earlier version is read as it is. */
async function hasOwners(client: ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'records' AND column_name = 'owner') AS found`);
  return rows[0]?.found === true;
}
