// The driver is node-postgres (`pg`): the most used and long-maintained PostgreSQL client
// for Node, pure JavaScript (nothing to compile), with a pool that bounds the wait for a
// connection, a client-side timeout per query, and explicit transactions on one
// checked-out connection, which `update` needs to run its synchronous change in between.
import { observeCommit } from '../../observability/store-metrics.js';
import { Client, Pool, type PoolClient } from 'pg';
import type { Change, Collection, Entry, Page, Store } from '../store.js';
import { StoreUnavailableError } from '../store.js';
import { commitOutcome, withTimeout } from './commit-outcome.js';
import { isUnavailable, storeErrorOf } from './errors.js';
import { postgresHits } from './hit-counter.js';
import { keyToText, textToKey } from './key-text.js';
import { migrate } from './migrations.js';

/** The longest a request waits on the database: for a connection, and for each statement. */
export const TIMEOUT_MS = 5_000;
/** The longest `ping` waits. */
export const PING_TIMEOUT_MS = 2_000;
/** Connections per instance; PostgreSQL serves 100 by default, shared by every instance. */
const POOL_SIZE = 10;

/** PostgreSQL could not be reached or migrated at start-up; the message is for the operator. */
export class PostgresStartError extends Error {}

/**
 * Records in one PostgreSQL table, shared by any number of instances. `update`
 * takes a transaction-scoped advisory lock on (collection, key), so updates of
 * one key are serialised across instances whether or not the record exists yet,
 * and resolves once COMMIT has returned.
 */
export async function openPostgresStore(url: string): Promise<Store> {
  await migrateAtStart(url);
  const pool = new Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
    statement_timeout: TIMEOUT_MS,
    idle_in_transaction_session_timeout: 2 * TIMEOUT_MS,
    keepAlive: true,
    application_name: 'collab-service',
  });
  // A connection that breaks while idle (a database restart) is dropped and replaced on demand.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  pool.on('connect', (client) => client.on('error', () => {})); // reported to the query that was running
  let open = true;
  const query = <Row extends object>(name: string, text: string, values: unknown[]) =>
    pool.query<Row>({ name, text, values }).catch((error: unknown) => { throw storeErrorOf(error); });

  return {
    async get<T>(collection: Collection, key: string) {
      const { rows } = await query<{ value: T }>('collab-get', 'SELECT value FROM records WHERE collection = $1 AND key = $2', [collection, keyToText(key)]);
      return rows[0]?.value;
    },
    async list<T>(collection: Collection, group: string, { limit, after }: Page) {
      const { rows } = after === undefined
        ? await query<{ key: string; value: T }>('collab-list',
          'SELECT key, value FROM records WHERE collection = $1 AND grp = $2 ORDER BY key LIMIT $3', [collection, keyToText(group), limit])
        : await query<{ key: string; value: T }>('collab-list-after',
          'SELECT key, value FROM records WHERE collection = $1 AND grp = $2 AND key > $3 ORDER BY key LIMIT $4',
          [collection, keyToText(group), keyToText(after), limit]);
      return rows.map((row): Entry<T> => ({ key: textToKey(row.key), value: row.value }));
    },
    async update<T>(collection: Collection, key: string, change: (previous: T | undefined) => T | undefined, group?: string) {
      const client = await pool.connect().catch((error: unknown) => { throw storeErrorOf(error); });
      return updateOn<T>(pool, client, [collection, keyToText(key)], change, group === undefined ? null : keyToText(group));
    },
    hits: postgresHits(pool),
    async ping() {
      if (!open) throw new StoreUnavailableError('the store is closed');
      await withTimeout(pool.query('SELECT 1'), PING_TIMEOUT_MS).catch((error: unknown) => { throw storeErrorOf(error); });
    },
    async close() {
      if (!open) return;
      open = false;
      await pool.end();
    },
  };
}

/** One update, on one connection: lock the key, read, change, write, commit. */
async function updateOn<T>(
  pool: Pool,
  client: PoolClient,
  id: [collection: string, key: string],
  change: (previous: T | undefined) => T | undefined,
  group: string | null,
): Promise<Change<T>> {
  const run = async <Row extends object>(name: string, text: string, values: unknown[] = []) =>
    (await client.query<Row>({ name, text, values })).rows;
  let xid: string | undefined;
  let changing = false;
  let written: Change<T> | undefined; // once set, only COMMIT is left
  try {
    await run('collab-begin', 'BEGIN');
    // The lock covers a key that has no row yet, which FOR UPDATE cannot; txid names the transaction if COMMIT is in doubt.
    xid = (await run<{ xid: string }>('collab-lock',
      "SELECT pg_advisory_xact_lock(hashtextextended($1::text || '/' || $2::text, 0)), txid_current()::text AS xid", id))[0]?.xid;
    const [found] = await run<{ value: T }>('collab-read', 'SELECT value FROM records WHERE collection = $1 AND key = $2 FOR UPDATE', id);
    const previous = found?.value;
    changing = true;
    const current = change(previous);
    changing = false;
    const value = JSON.stringify(current);
    if (current === undefined) {
      if (previous !== undefined) await run('collab-delete', 'DELETE FROM records WHERE collection = $1 AND key = $2', id);
    } else if (previous === undefined) {
      await run('collab-insert', 'INSERT INTO records (collection, key, grp, value) VALUES ($1, $2, $3, $4)', [...id, group, value]);
    } else {
      await run('collab-replace', 'UPDATE records SET grp = $3, value = $4 WHERE collection = $1 AND key = $2', [...id, group, value]);
    }
    written = { previous, current };
    const committing = performance.now();
    await run('collab-commit', 'COMMIT');
    observeCommit((performance.now() - committing) / 1000, 1);
    client.release();
    return written;
  } catch (error) {
    if (changing || !isUnavailable(error)) {
      // The change threw (an HttpProblem, passed on unchanged) or the server refused a statement: the connection is fine.
      await client.query('ROLLBACK').then(() => client.release(), (broken: Error) => client.release(broken));
      throw error;
    }
    client.release(true); // in an unknown state: closing it rolls back whatever was not committed
    // The connection broke during COMMIT, so the change may be stored: if the database says so, it is acknowledged.
    // Otherwise 503; only when the outcome cannot be learned within TIMEOUT_MS may that 503 have left the change behind.
    if (written && xid !== undefined && (await commitOutcome(pool, xid, TIMEOUT_MS)) === 'committed') return written;
    throw storeErrorOf(error);
  }
}

/** Runs the migrations on a connection of its own, without the per-statement timeout. */
async function migrateAtStart(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS, application_name: 'collab-service migrations' });
  client.on('error', () => {});
  try {
    await client.connect();
    await migrate(client);
  } catch (error) {
    throw new PostgresStartError(`cannot use PostgreSQL at ${describeDatabase(url)}: ${(error as Error).message}`, { cause: error });
  } finally {
    await client.end().catch(() => {});
  }
}

/** Where the data lives, for messages: host, port and database, never the password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? parsed.hostname;
  return `postgresql://${host}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}
