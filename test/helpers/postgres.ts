import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { StoreHooks } from '../../src/store/store-hooks.js';
import type { Store, StoreQuotas } from '../../src/store/store.js';

/** The test database; test/tools/postgres.sh creates it (CI runs it). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL || 'postgres://collab_pg:collab_pg@127.0.0.1:5432/collab_pg_test';

let probe: Promise<string | undefined> | undefined;

/**
 * Why PostgreSQL tests cannot run here, or undefined when they can. Asked once a
 * run, and said once, as one line. In CI (CI=true) PostgreSQL must be there: it rejects.
 */
export function postgresUnavailable(): Promise<string | undefined> {
  probe ??= (async () => {
    const client = new Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return undefined;
    } catch (error) {
      const reason = `cannot reach TEST_DATABASE_URL ${withoutPassword(TEST_DATABASE_URL)} (${(error as Error).message}); run test/tools/postgres.sh`;
      if (process.env.CI === 'true')
        throw new Error(`CI must test the PostgreSQL store, but it ${reason}`, { cause: error });
      console.log(`PostgreSQL tests skipped: ${reason}`);
      return reason;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return probe;
}

/**
 * A PgBouncer (host:port) in transaction pooling in front of TEST_DATABASE_URL's server, or
 * undefined: npm run test:pgbouncer starts one and sets it, so every service the tests
 * start goes through it, while the tests' own connections go straight to PostgreSQL.
 */
export const TEST_PGBOUNCER = process.env.TEST_PGBOUNCER || undefined;

export interface Schema {
  /** The schema's name. */
  name: string;
  /** The URL services use: TEST_DATABASE_URL with the fresh schema as its search_path, through TEST_PGBOUNCER when set. */
  url: string;
  /** The same, always straight to PostgreSQL: for the tests' own connections, which look and set up, and may use a session. */
  directUrl: string;
  drop(): Promise<void>;
}

/** A new, empty schema in the test database, so each service or store starts from nothing. */
export async function freshSchema(): Promise<Schema> {
  const name = `collab_pg_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE SCHEMA ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    url: TEST_PGBOUNCER ? throughAddress(url.toString(), TEST_PGBOUNCER) : url.toString(),
    directUrl: url.toString(),
    drop: () => admin((client) => client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`)).then(() => {}),
  };
}

/** `url` with its host and port replaced by `address` (host:port), e.g. a PgBouncer's. */
export function throughAddress(url: string, address: string): string {
  const through = new URL(url);
  through.host = address;
  return through.toString();
}

/** A PostgreSQL store in a fresh schema; closing it drops the schema. */
export async function openTestPostgresStore(
  options: { quotas?: StoreQuotas; hooks?: StoreHooks } = {},
): Promise<Store> {
  const schema = await freshSchema();
  const store = await openPostgresStore(schema.url, options);
  return { ...store, close: () => store.close().finally(() => schema.drop()) };
}

/** Runs `work` on a connection of its own to the test database. */
export async function admin<T>(work: (client: Client) => Promise<T>, url = TEST_DATABASE_URL): Promise<T> {
  const client = new Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
