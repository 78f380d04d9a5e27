// The driver is node-postgres (`pg`): the most used and long-maintained PostgreSQL client
// for Node, pure JavaScript (nothing to compile), with a pool that bounds the wait for a
// connection, a client-side timeout per query, and explicit transactions on one
// checked-out connection, which `update` needs to run its synchronous change in between.
import { Pool } from 'pg';
import type { Logger } from 'pino';
import type { Change, Collection, Placement, Store, StoreQuotas } from '../store.js';
import { StoreUnavailableError } from '../store.js';
import { NO_HOOKS, type StoreHooks } from '../store-hooks.js';
import { withTimeout } from './commit-outcome.js';
import { connectClient } from './connect.js';
import { connectionOf, type Connection } from './connection.js';
import { explainTlsError } from './tls.js';
import { isConnectionLost, storeErrorOf } from './errors.js';
import { GroupCommit } from './group-commit.js';
import { postgresHits } from './hit-counter.js';
import { keyToText } from './key-text.js';
import { migrate } from './migrations.js';
import { pingWrite } from './ping.js';
import { readRecords } from './reads.js';
import { untilUp } from './start-wait.js';
import { postgresRecords } from './snapshot.js';
import { PING_TIMEOUT_MS, TIMEOUT_MS } from './timeouts.js';

export { PING_TIMEOUT_MS, TIMEOUT_MS };
/** Connections per instance; PostgreSQL serves 100 by default, shared by every instance. */
const POOL_SIZE = 10;

/** PostgreSQL could not be reached or migrated at start-up; the message is for the operator. */
export class PostgresStartError extends Error {}

/**
 * Records in one PostgreSQL table, shared by any number of instances. Updates
 * are committed in groups (src/store/postgres/group-commit.ts): each takes a
 * transaction-scoped advisory lock on (collection, key), so updates of one key are
 * serialised across instances whether or not the record exists yet, counts the
 * record against its owner's `quotas` under a lock on the owner's usage row (and
 * against its group's under a lock on the group), and resolves once COMMIT has returned.
 */
export async function openPostgresStore(
  url: string,
  options: {
    quotas?: StoreQuotas;
    logger?: Logger;
    hooks?: StoreHooks;
    /** How long start-up waits for PostgreSQL (or PgBouncer) to come up (STORE_START_TIMEOUT); none: not at all. */
    startTimeoutMs?: number;
  } = {},
): Promise<Store> {
  const connection = await migrateAtStart(url, options.logger, options.startTimeoutMs ?? 0);
  // No statement_timeout, idle_in_transaction_session_timeout or options here: they would be startup
  // parameters, which a transaction pooler refuses. Transactions set them (beginSql); single statements
  // outside one (reads, hits) are bounded by query_timeout on this side (see reads.ts).
  const pool = new Pool({
    connectionString: connection.connectionString,
    ssl: connection.tls.ssl,
    max: POOL_SIZE,
    pipeline: true, // a batch's statements go in two round trips (runBatch)
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
    keepAlive: true,
    application_name: 'collab-service',
  });
  // A connection that breaks while idle (a database restart) is dropped and replaced on demand.
  pool.on('error', (error) => options.logger?.warn(`PostgreSQL connection lost: ${error.message}`));
  const hooks = options.hooks ?? NO_HOOKS;
  const metrics = hooks.pool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  // Counted once a connection, whether it broke idle (the client's error) or under a statement (released with the error).
  const lost = new WeakSet<object>();
  const countLost = (client: object) => {
    if (lost.has(client)) return;
    lost.add(client);
    metrics.connectionLost();
  };
  pool.on('connect', (client) => client.on('error', () => countLost(client)));
  pool.on('release', (error: unknown, client) => {
    if (isConnectionLost(error)) countLost(client);
  });
  let open = true;
  const writes = new GroupCommit(pool, options.quotas, connection.schema, hooks);
  return {
    ...readRecords(pool, connection),
    async update<T>(
      collection: Collection,
      key: string,
      change: (previous: T | undefined) => T | undefined,
      { group, owner }: Placement = {},
    ) {
      if (!open) throw new StoreUnavailableError('the store is closed');
      return (await writes.update({
        collection,
        key: keyToText(key),
        group: group === undefined ? null : keyToText(group),
        owner: owner === undefined ? null : keyToText(owner),
        change: change as (previous: unknown) => unknown,
      })) as Change<T>;
    },
    hits: postgresHits(pool, connection),
    records: () => postgresRecords(url),
    async ping() {
      if (!open) throw new StoreUnavailableError('the store is closed');
      await withTimeout(pingWrite(pool, connection.schema), PING_TIMEOUT_MS).catch((error: unknown) => {
        throw storeErrorOf(error);
      });
    },
    async close() {
      if (!open) return;
      open = false;
      await writes.idle();
      await pool.end();
      metrics.stop();
    },
  };
}

/** Runs the migrations on a connection of its own, without the per-statement timeout; returns how to connect. */
async function migrateAtStart(url: string, logger: Logger | undefined, timeoutMs: number): Promise<Connection> {
  let mode: string | undefined;
  let waited = false;
  try {
    const connection = connectionOf(url);
    mode = connection.tls.mode;
    return await untilUp(
      () => connectAndMigrate(connection, logger),
      timeoutMs,
      (error, waitMs) => {
        waited = true;
        logger?.warn(
          `PostgreSQL at ${describeDatabase(url)} is not up yet (${(error as Error).message}): trying again in ` +
            `${waitMs / 1000} s, for up to ${timeoutMs / 1000} s from start (STORE_START_TIMEOUT)`,
        );
      },
    );
  } catch (error) {
    const tried = waited ? ` (waited ${timeoutMs / 1000} s for it: STORE_START_TIMEOUT)` : '';
    throw new PostgresStartError(
      `cannot use PostgreSQL at ${describeDatabase(url)}: ${explainTlsError(error, mode)}${tried}`,
      { cause: error },
    );
  }
}

/** One try: connect, bring the schema up to date, and the connection as it connected (prefer and allow settle on TLS or not here). */
async function connectAndMigrate(connection: Connection, logger: Logger | undefined): Promise<Connection> {
  const connected = await connectClient(connection, {
    connectionTimeoutMillis: TIMEOUT_MS,
    application_name: 'collab-service migrations',
  });
  try {
    const newer = await migrate(connected.client, connected.connection.schema);
    if (newer !== undefined) logger?.warn(newer);
    return connected.connection;
  } finally {
    await connected.client.end().catch(() => {});
  }
}

/** Where the data lives, for messages: host, port and database, never the password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? parsed.hostname;
  return `postgresql://${host}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}
