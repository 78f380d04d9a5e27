import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { StoreQuotas } from '../../src/store/store.js';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.js';
import { sized } from './conformance-quotas.js';

const QUOTAS: StoreQuotas = { records: { devices: 10 }, recordsPerGroup: {}, bytes: 10_000 };

/** `url` as another user, or on another database. */
function as(url: string, { user, password, database }: { user?: string; password?: string; database?: string }) {
  const changed = new URL(url);
  if (user) changed.username = user;
  if (password) changed.password = password;
  if (database) changed.pathname = `/${database}`;
  return changed.toString();
}

/** How many backends of `url`'s database wait for a lock. */
async function waitingOnLocks(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Runs `statements` on a connection of their own to `url`. */
async function on(url: string, ...statements: string[]): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Deployments the shared test database cannot show: roles of their own, a default collation other than C. */
describe('PostgreSQL store: the batch functions in other deployments', function () {
  let database: PrivatePostgres;
  before(async function () {
    if (await privatePostgresUnavailable()) this.skip();
    database = await startPrivatePostgres();
  });
  after(async () => {
    await database?.destroy();
  });

  it('when a second role, granted the first one’s tables, starts on the schema the first one made, then it starts and writes', async () => {
    await on(
      database.url,
      "CREATE ROLE first LOGIN PASSWORD 'first'",
      "CREATE ROLE second LOGIN PASSWORD 'second'",
      'CREATE SCHEMA shared AUTHORIZATION first',
      'GRANT USAGE, CREATE ON SCHEMA shared TO second',
      'ALTER DEFAULT PRIVILEGES FOR ROLE first IN SCHEMA shared GRANT ALL ON TABLES TO second',
    );
    const url = (user: string) => {
      const changed = new URL(as(database.url, { user, password: user }));
      changed.searchParams.set('options', '-c search_path=shared');
      return changed.toString();
    };
    const first = await openPostgresStore(url('first'), { quotas: QUOTAS });
    await first.update('devices', 'a', () => sized(10), { group: 'u', owner: 'u' });
    await first.close();
    // The functions are the first role's: only it may replace them, so a start must not try to.
    const second = await openPostgresStore(url('second'), { quotas: QUOTAS });
    try {
      await second.update('devices', 'b', () => sized(10), { group: 'u', owner: 'u' });
      expect(await second.list('devices', 'u', { limit: 10 })).to.have.length(2);
    } finally {
      await second.close();
    }
  });

  it('when the default collation is not C, then a batch takes owners’ usage rows in the order the build before takes them', async () => {
    await on(
      database.url,
      "CREATE DATABASE en TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'",
    );
    const url = as(database.url, { database: 'en' });
    await (await openPostgresStore(url, { quotas: QUOTAS })).close(); // makes the schema and functions
    // In en-US 'b' < 'bb' < 'C' < 'Ca'; in C 'C' < 'Ca' < 'b' < 'bb'. Two holders keep 'bb' and 'Ca'; the earlier
    // build's statement (fee98d0, verbatim) and add_usage_v1 each take what they can and wait: in opposite orders,
    // one of them would hold what the other waits for.
    const clients = Array.from({ length: 4 }, () => new Client({ connectionString: url }));
    await Promise.all(clients.map((client) => client.connect()));
    const [holdsBb, holdsCa, earlier, current] = clients as [Client, Client, Client, Client];
    try {
      await on(url, "INSERT INTO quota_usage (owner) VALUES ('b'), ('bb'), ('C'), ('Ca')");
      for (const [client, owner] of [
        [holdsBb, 'bb'],
        [holdsCa, 'Ca'],
      ] as const) {
        await client.query('BEGIN');
        await client.query('SELECT 1 FROM quota_usage WHERE owner = $1 FOR UPDATE', [owner]);
      }
      // Each commits once its statement is done: one may wait for the other's rows until then.
      const settle = (client: Client, text: string, values: unknown[]) =>
        client
          .query('BEGIN')
          .then(() => client.query(text, values))
          .then(
            () => client.query('COMMIT').then(() => 'done'),
            (error: Error) => error.message,
          );
      const earlierDone = settle(
        earlier,
        `INSERT INTO quota_usage (owner) SELECT o FROM unnest($1::text[]) AS o ORDER BY 1
         ON CONFLICT (owner) DO UPDATE SET owner = EXCLUDED.owner RETURNING owner, bytes, counts`,
        [['C', 'b', 'bb']],
      );
      const currentDone = settle(
        current,
        `SELECT add_usage_v1($1::text[], $2::bigint[], $3::jsonb[], '{}'::text[], '{}'::text[], '{}'::float8[], '{}'::float8[])`,
        [
          ['C', 'Ca', 'b'],
          [1, 1, 1],
          ['{}', '{}', '{}'],
        ],
      );
      const deadline = Date.now() + 10_000; // a guard that fails the test, never a wait it relies on
      while ((await waitingOnLocks(url)) < 2) {
        if (Date.now() > deadline) throw new Error('the two statements never both waited');
        await sleep(5);
      }
      await holdsBb.query('COMMIT');
      await holdsCa.query('COMMIT');
      expect(await Promise.all([earlierDone, currentDone])).to.deep.equal(['done', 'done']);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});
