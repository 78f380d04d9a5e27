// npm run bench: one table. Every contender is a server in its own process, loaded by
// autocannon over loopback with 50 connections, in interleaved rounds; each row is the
// median round, and each ratio the median of the rounds' ratios. The device PUT contenders,
// whose ratios have the tightest targets, take turns over three processes each: processes
// of the same server differ by several percent in CPU per request. BENCH_SECONDS sets a round's length, BENCH_ROUNDS the rounds, and
// BENCH_RECORDS (e.g. 1000,10000) the stored records of the lowdb and PostgreSQL rows.
import { cpus } from 'node:os';
import type autocannon from 'autocannon';
import { CONNECTIONS, load, ms, readMarkerRequest, row, SECONDS, serve, type Server } from './harness.js';
import { postgresVersion, seededSchema } from './postgres.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ALTERNATES = 3;
const [SMALL = 10_000, LARGE = 100_000, HUGE = 1_000_000] = (process.env.BENCH_RECORDS ?? '').split(',').filter(Boolean).map(Number);

const device = JSON.stringify({
  installationId: 'bench-phone', appId: 'com.example.chat', platform: 'mobile_a', token: 'x'.repeat(160),
  environment: 'production', transport: 'push_gateway', appVersion: '5.2.0', appBuild: '5200', osVersion: '18.1',
  deviceModel: 'Pixel 9', formFactor: 'phone', appVariant: 'store', locale: 'de-DE', timeZone: 'Europe/Berlin',
  capabilities: ['rich-push', 'badges'], systemAuthorization: 'authorized', notificationSettings: { alert: 'on' },
  backgroundRefreshStatus: 'available', pushEnabled: true, transportMetadata: { topic: 'com.example.chat' },
});
const devicePut: autocannon.Request = { method: 'PUT', path: '/api/notifications/devices', body: device };

interface Contender {
  name: string;
  workload: string;
  /** Sets of servers loaded together (PostgreSQL's instances); round N loads set N modulo their number. */
  sets: Server[][];
  request: autocannon.Request;
  rounds: { perSecond: number; p50: number; p99: number; non2xx: number; cpuUs?: number }[];
  stallMs?: number;
  rssMb?: number;
}

function contender(name: string, workload: string, request: autocannon.Request, sets: Server[][]): Contender {
  return { name, workload, sets, request, rounds: [] };
}

/** `count` processes of one server, each a set of its own, started one after another. */
async function alternates(count: number, start: () => Promise<Server>): Promise<Server[][]> {
  const sets: Server[][] = [];
  for (let index = 0; index < count; index++) sets.push([await start()]);
  return sets;
}

/** CPU seconds `servers` have used (undefined without /proc). */
const cpuOf = (servers: Server[]) => servers.reduce<number | undefined>((sum, server) => {
  const used = server.cpuSeconds();
  return sum === undefined || used === undefined ? undefined : sum + used;
}, 0);

/**
 * One round of a contender: one set of its servers loaded at once, the connections shared; writes/s summed, latency the
 * slowest, CPU the servers' total per request (steadier than writes/s on a shared machine: it leaves out waiting).
 */
async function round(entry: Contender, index: number, seconds = SECONDS): Promise<void> {
  const servers = entry.sets[index % entry.sets.length]!;
  const connections = CONNECTIONS / servers.length;
  for (const server of servers) server.toggleStallWindow();
  const cpuBefore = cpuOf(servers);
  const results = await Promise.all(servers.map((server) => load(server.port, entry.request, seconds, connections)));
  const cpuAfter = cpuOf(servers);
  for (const server of servers) server.toggleStallWindow();
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  entry.rounds.push({
    cpuUs: cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / requests,
    perSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  });
}

const median = (entry: Contender) => [...entry.rounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(entry.rounds.length / 2)]!;

const drops: (() => Promise<void>)[] = [];
const contenders: Contender[] = [
  contender('bare express.json()', 'device PUT', devicePut, await alternates(ALTERNATES, () => serve('bare'))),
  contender('validated, in memory', 'device PUT', devicePut, await alternates(ALTERNATES, () => serve('validated'))),
  contender('validated + logs + metrics, in memory', 'device PUT', devicePut, await alternates(ALTERNATES, () => serve('observed'))),
  contender('validated + limits + quotas, in memory', 'device PUT', devicePut, await alternates(ALTERNATES, () => serve('guarded'))),
  contender('lowdb, validated', 'device PUT', devicePut, await alternates(ALTERNATES, () => serve('durable-validated', '0'))),
  contender('lowdb, validated + limits + quotas', 'device PUT', devicePut, await alternates(ALTERNATES, () => serve('durable', '0'))),
  contender('validated + limits + quotas, in memory', `read markers of ${LARGE}`, readMarkerRequest(LARGE), [[await serve('guarded')]]),
  contender(`lowdb, ${LARGE} records`, `read markers of ${LARGE}`, readMarkerRequest(LARGE), [[await serve('durable', String(LARGE))]]),
  contender(`lowdb, ${SMALL} records`, `read markers of ${SMALL}`, readMarkerRequest(SMALL), [[await serve('durable', String(SMALL))]]),
];
const postgres = await postgresVersion();
if (postgres.version) {
  for (const [records, instances] of [[LARGE, 1], [HUGE, 1], [HUGE, 2]] as const) {
    const schema = await seededSchema(records);
    drops.push(schema.drop);
    const servers = await Promise.all(Array.from({ length: instances }, () => serve('postgres', schema.url, String(records))));
    contenders.push(contender(`PostgreSQL ${postgres.version}, ${records} records, ${instances} instance${instances > 1 ? 's' : ''}`,
      `read markers of ${records}`, readMarkerRequest(records), [servers]));
  }
}

for (const entry of contenders) {
  await Promise.all(entry.sets.flat().map((server) => load(server.port, entry.request, 2))); // warm-up: the first requests compile the validators
}
for (let index = 0; index < ROUNDS; index++) {
  for (const entry of contenders) await round(entry, index);
}
for (const entry of contenders) {
  const stats = await Promise.all(entry.sets.flat().map((server) => server.stop()));
  entry.stallMs = Math.max(...stats.map((stat) => stat.loopMaxMs));
  entry.rssMb = Math.max(...stats.map((stat) => stat.maxRssMb));
}
for (const drop of drops) await drop();

type Round = Contender['rounds'][number];
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/**
 * A ratio of two contenders (of requests/s unless `of` says otherwise), taken in each round
 * between their neighbouring runs, then the median of the rounds: the machine's speed
 * drifts less within a round.
 */
const ratio = (part: Contender, whole: Contender, of = (run: Round) => run.perSecond) =>
  middle(part.rounds.map((run, index) => of(run) / of(whole.rounds[index]!)));
const percent = (value: number) => `${(100 * value).toFixed(0)}%`;
/** Whether every round of `entries` has its service CPU (not without /proc). */
const hasCpu = (...entries: Contender[]) => entries.every((entry) => entry.rounds.every((run) => run.cpuUs !== undefined));
const cpuOfRound = (run: Round) => run.cpuUs!;
const baseline = (entry: Contender) => (entry.workload === 'device PUT' ? contenders[0]! : contenders[6]!);
console.log(`Node ${process.version}, ${cpus().length} cores; ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s, median round`);
console.log('');
console.log(row(['contender', 'workload', 'requests/s', 'vs. baseline', 'p50 ms', 'p99 ms', 'non-2xx', 'service CPU µs/request', 'longest event-loop stall ms', 'peak RSS MB']));
console.log(row(['---', '---', '---', '---', '---', '---', '---', '---', '---', '---']));
for (const entry of contenders) {
  const { perSecond, p50, p99 } = median(entry);
  const non2xx = entry.rounds.reduce((sum, run) => sum + run.non2xx, 0);
  const versus = entry === baseline(entry) ? 'baseline' : percent(ratio(entry, baseline(entry)));
  const cpu = hasCpu(entry) ? ms(middle(entry.rounds.map(cpuOfRound))) : '-';
  console.log(row([entry.name, entry.workload, Math.round(perSecond), versus, ms(p50), ms(p99), non2xx, cpu, ms(entry.stallMs ?? 0), Math.round(entry.rssMb ?? 0)]));
}
console.log('');
const [bare, validated, observed, guarded, lowdbValidated, lowdbGuarded, inMemory, lowdbLarge] = contenders as Contender[] as [Contender, Contender, Contender, Contender, Contender, Contender, Contender, Contender];
console.log(`validated / bare: ${percent(ratio(validated, bare))} (target: at least 60%); validated p99 ${ms(median(validated).p99)} ms (target: under 50 ms)`);
const addedCpu = hasCpu(observed, validated) ? `; they add ${percent(ratio(observed, validated, cpuOfRound) - 1)} service CPU per request` : '';
console.log(`logs + metrics / validated: ${percent(ratio(observed, validated))} (target: at least 90%)${addedCpu}`);
const addedBy = (part: Contender, whole: Contender) => (hasCpu(part, whole) ? `; they add ${percent(ratio(part, whole, cpuOfRound) - 1)} service CPU per request` : '');
console.log(`limits + quotas / validated, on lowdb: ${percent(ratio(lowdbGuarded, lowdbValidated))} (target: at least 95%)${addedBy(lowdbGuarded, lowdbValidated)}`);
console.log(`limits + quotas / validated, in memory: ${percent(ratio(guarded, validated))}${addedBy(guarded, validated)} (quotas make the memory store serialize each value, which lowdb does anyway)`);
console.log(`lowdb at ${LARGE} / in memory, read markers: ${percent(ratio(lowdbLarge, inMemory))} (target: at least 90%)`);
console.log('Ratios are the median, over the rounds, of each round\'s ratio; requests/s is the median round.');
console.log('Service CPU is the service processes\' user and system time over the requests they answered (PostgreSQL\'s own processes not counted).');
if (!postgres.version) console.log(`PostgreSQL rows skipped: ${postgres.unreachable}; run test/tools/postgres.sh`);
