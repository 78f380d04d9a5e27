// PostgreSQL for npm run bench: schemas seeded with read markers by one INSERT … SELECT in
// the database, not through HTTP.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://collab_pg:collab_pg@127.0.0.1:5432/collab_pg_bench';

/** What markRead stores for user `local` and benchStreamId(i), built in SQL for i below $1. */
const SEED = `
  INSERT INTO records (collection, key, grp, owner, value)
  SELECT 'readMarkers', 'local/' || id || '/', 'local/' || id, 'local',
    json_build_object('streamId', id, 'lastReadMessageId', gen_random_uuid(),
      'updatedAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM (SELECT '00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0') AS id FROM generate_series(0, $1::integer - 1) AS i) AS ids`;

async function onDatabase<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh schema holding `records` read markers; returns its URL, the seconds seeding took, and how to drop it. */
export async function seededSchema(
  records: number,
): Promise<{ url: string; seedSeconds: number; drop: () => Promise<void> }> {
  const name = `collab_pg_bench_${randomBytes(4).toString('hex')}`;
  await onDatabase(DATABASE_URL, (client) => client.query(`CREATE SCHEMA ${name}`));
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  await (await openPostgresStore(url.toString())).close(); // migrates
  const started = performance.now();
  await onDatabase(url.toString(), async (client) => {
    await client.query(SEED, [records]);
    await client.query(`INSERT INTO quota_usage (owner, bytes, counts)
      SELECT 'local', sum(octet_length(value::text)), jsonb_build_object('readMarkers', count(*)) FROM records`);
    await client.query('VACUUM ANALYZE records');
    // Written out now, not by a background checkpoint during the rounds, where every contender would pay for it.
    await client.query('CHECKPOINT').catch((error: Error) => {
      console.error(`CHECKPOINT after seeding failed (${error.message}); test/tools/postgres.sh grants pg_checkpoint`);
    });
  });
  return {
    url: url.toString(),
    seedSeconds: (performance.now() - started) / 1000,
    drop: () => onDatabase(DATABASE_URL, (client) => client.query(`DROP SCHEMA ${name} CASCADE`)).then(() => {}),
  };
}

/** Transactions committed in the bench's database so far (PostgreSQL's statistics, flushed about once a second). */
export async function postgresTransactions(): Promise<number> {
  const { rows } = await onDatabase(DATABASE_URL, (client) =>
    client.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()'),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Why PostgreSQL cannot be benchmarked here, or undefined when it can; and its version. */
export async function postgresVersion(): Promise<{ version?: string; unreachable?: string }> {
  return onDatabase(DATABASE_URL, (client) =>
    client.query<{ v: string }>("SELECT current_setting('server_version') AS v"),
  ).then(
    (result) => ({ version: result.rows[0]?.v }),
    (error: Error) => ({ unreachable: error.message }),
  );
}

/** Runs `work` on the URL of a fresh, empty schema, dropped afterwards; or says why PostgreSQL cannot be used. */
export async function onFreshSchema<T>(
  work: (url: string) => Promise<T>,
): Promise<{ results?: T; unreachable?: string }> {
  const { unreachable } = await postgresVersion();
  if (unreachable !== undefined) return { unreachable };
  const name = `collab_pg_bench_${randomBytes(4).toString('hex')}`;
  await onDatabase(DATABASE_URL, (client) => client.query(`CREATE SCHEMA ${name}`));
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  try {
    return { results: await work(url.toString()) };
  } finally {
    await onDatabase(DATABASE_URL, (client) => client.query(`DROP SCHEMA ${name} CASCADE`));
  }
}
