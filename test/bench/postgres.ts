// The PostgreSQL part of npm run bench: the read-marker workload at 100k and 1M stored
// records (BENCH_RECORDS replaces them), with one instance and with two sharing the database.
// Records are seeded by one INSERT … SELECT in the database, not through HTTP.
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import { Client } from 'pg';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { CONNECTIONS, load, ms, readMarkerRequest, row, SECONDS, serve } from './harness.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://collab_pg:collab_pg@127.0.0.1:5432/collab_pg_bench';
const SIZES = (process.env.BENCH_RECORDS ?? '100000,1000000').split(',').filter(Boolean).map(Number);
/** Runs per row; the row is the run with the median throughput: others share this machine, so one run is noise. */
const ROUNDS = 3;

/** What markRead stores for user `local` and benchStreamId(i), built in SQL for i below $1. */
const SEED = `
  INSERT INTO records (collection, key, grp, value)
  SELECT 'readMarkers', 'local/' || id || '/', 'local/' || id,
    json_build_object('streamId', id, 'threadSessionId', null, 'lastReadMessageId', gen_random_uuid(),
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
async function seededSchema(records: number): Promise<{ url: string; seedSeconds: number; drop: () => Promise<void> }> {
  const name = `collab_pg_bench_${randomBytes(4).toString('hex')}`;
  await onDatabase(DATABASE_URL, (client) => client.query(`CREATE SCHEMA ${name}`));
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  await (await openPostgresStore(url.toString())).close(); // migrates
  const started = performance.now();
  await onDatabase(url.toString(), async (client) => {
    await client.query(SEED, [records]);
    await client.query('VACUUM ANALYZE records');
  });
  return {
    url: url.toString(),
    seedSeconds: (performance.now() - started) / 1000,
    drop: () => onDatabase(DATABASE_URL, (client) => client.query(`DROP SCHEMA ${name} CASCADE`)).then(() => {}),
  };
}

interface Run { perSecond: number; p50: number; p99: number; non2xx: number }

/** One run over all instances: throughput summed, latency of the slowest. */
function summary(results: autocannon.Result[]): Run {
  return {
    perSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

export async function postgresStorage(): Promise<string[]> {
  const unreachable = await onDatabase(DATABASE_URL, (client) => client.query('SELECT 1')).then(() => undefined, (error: Error) => error.message);
  if (unreachable) return [`PostgreSQL rows skipped: cannot reach BENCH_DATABASE_URL (${unreachable}); run test/tools/postgres.sh`];
  const version = await onDatabase(DATABASE_URL, (client) => client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).then((result) => result.rows[0]?.v);
  const lines = [
    `Storage: PUT /api/chat/reads on PostgreSQL ${version} (acknowledged = committed), ${CONNECTIONS} connections shared by the instances,`,
    `the median of ${ROUNDS} ${SECONDS} s runs; with two instances, writes/s is their sum and p50/p99 the slower instance's`,
    '',
    row(['stored records', 'instances', 'acknowledged writes/s', 'p50 ms', 'p99 ms', 'non-2xx', 'table and indexes MB', 'peak RSS MB',
      'longest event-loop stall ms']),
    row(['---', '---', '---', '---', '---', '---', '---', '---', '---']),
  ];
  const notes: string[] = [];
  for (const records of SIZES) {
    const schema = await seededSchema(records);
    notes.push(`seeding ${records} records (INSERT … SELECT, then VACUUM ANALYZE): ${schema.seedSeconds.toFixed(1)} s`);
    try {
      for (const instances of [1, 2]) {
        const servers = await Promise.all(Array.from({ length: instances }, () => serve('postgres', schema.url, String(records))));
        const request = readMarkerRequest(records);
        const connections = CONNECTIONS / instances;
        await Promise.all(servers.map((server) => load(server.port, request, 2, connections))); // warm-up
        for (const server of servers) server.resetStalls();
        const runs: Run[] = [];
        for (let round = 0; round < ROUNDS; round++) runs.push(summary(await Promise.all(servers.map((server) => load(server.port, request, SECONDS, connections)))));
        const stats = await Promise.all(servers.map((server) => server.stop()));
        const bytes = await onDatabase(schema.url, (client) => client.query<{ bytes: string }>("SELECT pg_total_relation_size('records') AS bytes"));
        const median = runs.sort((a, b) => a.perSecond - b.perSecond)[Math.floor(ROUNDS / 2)]!;
        lines.push(row([records, instances, median.perSecond, ms(median.p50), ms(median.p99), runs.reduce((sum, run) => sum + run.non2xx, 0),
          (Number(bytes.rows[0]?.bytes) / 1e6).toFixed(0), Math.round(Math.max(...stats.map((stat) => stat.maxRssMb))),
          ms(Math.max(...stats.map((stat) => stat.loopMaxMs)))]));
      }
    } finally {
      await schema.drop();
    }
  }
  return [...lines, '', ...notes];
}
