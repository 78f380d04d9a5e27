// npm run bench:postgres: run.ts's PostgreSQL rows and the lowdb row they are held to, alone, in interleaved rounds
// (minutes, not the hour of the whole bench): lowdb at BENCH_RECORDS's second size (100,000), PostgreSQL with one
// instance and with two on the same schema, pinned as run.ts pins them. For trying a change to the PostgreSQL store;
// the figures of record are npm run bench's.
import { load, prepare, readMarkerRequest, serve } from './harness.js';
import { postgresRows } from './postgres-rows.js';
import { printNotes, printPostgresCpu, printTable, printTarget } from './report.js';
import { contender, round } from './rounds.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const [, LARGE = 100_000] = (process.env.BENCH_RECORDS ?? '').split(',').filter(Boolean).map(Number);

prepare();
const markers = (records: number) => `read markers of ${records}`;
const lowdb = contender(`lowdb, ${LARGE} records`, markers(LARGE), readMarkerRequest(LARGE), [
  [await serve('durable', String(LARGE))],
]);
const postgres = await postgresRows(
  [
    [LARGE, 1],
    [LARGE, 2],
  ],
  markers,
);
const [one, two] = postgres.rows;
if (!one || !two) throw new Error(postgres.notes.join('; '));
const contenders = [lowdb, one, two];
for (const entry of contenders) {
  await Promise.all(entry.sets.flat().map((server) => load(server.port, entry.request, 2))); // warm-up
  for (const server of entry.sets.flat()) server.pause();
}
for (let index = 0; index < ROUNDS; index++) for (const entry of contenders) await round(entry, index);
for (const entry of contenders) await Promise.all(entry.sets.flat().map((server) => server.stop()));
await postgres.done();

printTable(contenders, { [markers(LARGE)]: lowdb }, ROUNDS);
printTarget(`${one.name} / lowdb`, one, lowdb, 0.7);
printTarget(`${two.name} / lowdb`, two, lowdb, 0.7);
printTarget('PostgreSQL, 2 instances / 1 instance', two, one, 1.0);
printPostgresCpu(one, lowdb);
printNotes(postgres.notes.join('; ') || undefined);
