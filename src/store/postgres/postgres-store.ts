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
import { isConnectionLost, storeErrorOf } from './errors.js';
import { GroupCommit } from './group-commit.js';
import { postgresHits } from './hit-counter.js';
import { keyToText } from './key-text.js';
import { pingWrite } from './ping.js';
import { readRecords } from './reads.js';
import { postgresRecords } from './snapshot.js';
import { describeDatabase, migrateAtStart, PostgresStartError } from './start-migrate.js';
import { PING_TIMEOUT_MS, TIMEOUT_MS } from './timeouts.js';

export { PING_TIMEOUT_MS, TIMEOUT_MS };
export { describeDatabase, PostgresStartError };
/** Connections per instance; PostgreSQL serves 100 by default, shared by every instance. */
const POOL_SIZE = 10;

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
