// npm run bench: one table. Every contender is a server in its own process, loaded by
// autocannon over loopback with 50 connections, in interleaved rounds; each row is the
// median round, and each ratio the median of the rounds' ratios. The device PUT contenders,
// whose ratios have the tightest targets, take turns over three processes each: processes
// of the same server differ by several percent in CPU per request. The servers run compiled,
// as deployed, each pinned to one core and the load to another (harness.ts). BENCH_SECONDS
// sets a round's length, BENCH_ROUNDS the rounds, and BENCH_RECORDS (e.g. 1000,10000) the
// stored records of the lowdb and PostgreSQL rows; BENCH_DEVICES and BENCH_STORE_RECORDS the
// data behind the rows of a new device each (stores seeded once per run, in .bench/seeded).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { devicePut, load, newDevicePut, prepare, readMarkerRequest, serve } from './harness.js';
import { postgresRows } from './postgres-rows.js';
import { observabilityParts } from './observability-parts.js';
import {
  medianCpu,
  printCpuTarget,
  printNotes,
  printPostgresCpu,
  printTable,
  printTarget,
  type Contender,
} from './report.js';
import { alternates, contender, round } from './rounds.js';
import { printSustained } from './sustained.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ALTERNATES = 3;
const [SMALL = 10_000, LARGE = 100_000, HUGE = 1_000_000] = (process.env.BENCH_RECORDS ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number);

/** Sizes of the rows that show whether a write costs more as the data grows: the bench user's devices, the store's records. */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const STORE_RECORDS = Number(process.env.BENCH_STORE_RECORDS ?? 1_000_000);

prepare();
await rm(join('.bench', 'seeded'), { recursive: true, force: true });
const deviceRow = async (name: string, ...args: string[]) =>
  contender(name, 'device PUT', devicePut, await alternates(ALTERNATES, () => serve(...args)));
const raw = await deviceRow('raw node:http', 'raw');
const fastify = await deviceRow('fastify 5 + its ajv schema check, in memory', 'fastify');
const bare = await deviceRow('bare express.json()', 'bare');
const validated = await deviceRow('validated, in memory', 'validated');
const observed = await deviceRow('validated + logs + metrics, in memory', 'observed');
const guarded = await deviceRow('validated + limits + quotas, in memory', 'guarded');
const lowdbValidated = await deviceRow('lowdb, validated', 'durable-validated', '0');
const lowdb = await deviceRow('lowdb, validated + limits + quotas (make run)', 'durable', '0');
const sandbox = await deviceRow('the sandbox (make sandbox: one session, in memory)', 'sandbox');
const newDevice = 'device PUT, a new device each';
const lowdbEmpty = contender('lowdb (make run), empty store', newDevice, newDevicePut, [[await serve('durable', '0')]]);
const lowdbDevices = contender(`lowdb (make run), ${DEVICES} devices of the user`, newDevice, newDevicePut, [
  [await serve('durable', '0', String(DEVICES))],
]);
const lowdbRecords = contender(`lowdb (make run), ${STORE_RECORDS} records in the store`, newDevice, newDevicePut, [
  [await serve('durable', String(STORE_RECORDS))],
]);
const markers = (records: number) => `read markers of ${records}`;
const inMemory = contender('validated + limits + quotas, in memory', markers(LARGE), readMarkerRequest(LARGE), [
  [await serve('guarded')],
]);
const lowdbLarge = contender(`lowdb, ${LARGE} records`, markers(LARGE), readMarkerRequest(LARGE), [
  [await serve('durable', String(LARGE))],
]);
const lowdbSmall = contender(`lowdb, ${SMALL} records`, markers(SMALL), readMarkerRequest(SMALL), [
  [await serve('durable', String(SMALL))],
]);
const contenders: Contender[] = [
  raw,
  fastify,
  bare,
  validated,
  observed,
  guarded,
  lowdbValidated,
  lowdb,
  sandbox,
  lowdbEmpty,
  lowdbDevices,
  lowdbRecords,
  inMemory,
  lowdbLarge,
  lowdbSmall,
];
const postgres = await postgresRows(
  [
    [LARGE, 1],
    [LARGE, 2],
    [HUGE, 1],
  ],
  markers,
);
contenders.push(...postgres.rows);

for (const entry of contenders) {
  await Promise.all(entry.sets.flat().map((server) => load(server.port, entry.request, 2))); // warm-up
  for (const server of entry.sets.flat()) server.pause(); // each runs in its rounds only (Server.pause)
}
for (let index = 0; index < ROUNDS; index++) {
  for (const entry of contenders) await round(entry, index);
}
for (const entry of contenders) {
  const stats = await Promise.all(entry.sets.flat().map((server) => server.stop()));
  entry.stallMs = Math.max(...stats.map((stat) => stat.loopMaxMs));
  entry.rssMb = Math.max(...stats.map((stat) => stat.maxRssMb));
}
await postgres.done();

printTable(
  contenders,
  {
    'device PUT': raw,
    [newDevice]: lowdbEmpty,
    [markers(LARGE)]: inMemory,
    [markers(SMALL)]: inMemory,
    [markers(HUGE)]: inMemory,
  },
  ROUNDS,
);
printTarget('the service on lowdb / bare express in memory', lowdb, bare, 0.75, 50);
printTarget('the service on lowdb / fastify in memory', lowdb, fastify, 0.45);
printCpuTarget('the service on lowdb', lowdb, 100);
printTarget('the sandbox / the service on lowdb', sandbox, lowdb, 1.0);
printTarget(`${DEVICES} devices of the user / an empty store, a new device each`, lowdbDevices, lowdbEmpty, 0.85);
printTarget(
  `${STORE_RECORDS} records in the store / an empty store, a new device each`,
  lowdbRecords,
  lowdbEmpty,
  0.85,
);
printTarget('the service on lowdb / raw node:http', lowdb, raw, 0.35, 50);
printTarget('validated / bare express', validated, bare, 0.6, 50);
printTarget('logs + metrics / validated', observed, validated, 0.9);
console.log(await observabilityParts(medianCpu(validated)));
printTarget('limits + quotas / validated, on lowdb', lowdb, lowdbValidated, 0.95);
printTarget(
  'limits + quotas / validated, in memory (the memory store then serializes each value, as lowdb does anyway)',
  guarded,
  validated,
  0.95,
);
printTarget(`lowdb at ${LARGE} / in memory, read markers`, lowdbLarge, inMemory, 0.9);
const [onePostgres, twoPostgres] = postgres.rows;
for (const entry of postgres.rows.filter((row) => row.workload === markers(LARGE)))
  printTarget(`${entry.name} / lowdb at ${LARGE}`, entry, lowdbLarge, 0.7);
if (onePostgres && twoPostgres) {
  printTarget('PostgreSQL, 2 instances / 1 instance', twoPostgres, onePostgres, 1.0);
  printPostgresCpu(onePostgres, lowdbLarge);
}
printNotes(postgres.notes.join('; ') || undefined);
await printSustained();
