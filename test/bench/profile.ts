// npm run bench:profile -- <serve.ts mode and arguments>: one bench server (test/bench/serve.ts, compiled) under
// --cpu-prof, pinned as the bench pins it, loaded with the device PUT (BENCH_PROFILE_WORKLOAD=new-device: a new
// device each; read-marker: the PostgreSQL rows' read-marker PUT, to compare `durable RECORDS` with them) for BENCH_SECONDS; then where its CPU went, by function and by part (Node's own code, each package,
// each folder of src/), as shares of the time not idle. The profile is kept in .bench/profiles/ for DevTools.
// `postgres RECORDS` seeds a schema of RECORDS read markers, loads read-marker PUTs, pins PostgreSQL to the
// server's core as run.ts does, and prints PostgreSQL's CPU a request and its transactions a request too.
// Run it before and after a change, with the same arguments, and compare the shares.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { devicePut, load, newDevicePut, prepare, readMarkerRequest, SECONDS, serveWith } from './harness.js';
import { postgresTransactions, seededSchema } from './postgres.js';
import { pinPostgres, postgresCpuSeconds } from './postgres-cores.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const args = process.argv.slice(2);
if (args.length === 0) throw new Error('usage: npm run bench:profile -- <mode of test/bench/serve.ts> [arguments]');
const folder = join('.bench', 'profiles', args.join('-'));

const onPostgres = args[0] === 'postgres';
const records = Number(args[1] ?? 100_000);
const request =
  onPostgres || process.env.BENCH_PROFILE_WORKLOAD === 'read-marker'
    ? readMarkerRequest(records)
    : process.env.BENCH_PROFILE_WORKLOAD === 'new-device'
      ? newDevicePut
      : devicePut;

prepare();
await rm(folder, { recursive: true, force: true });
await mkdir(folder, { recursive: true });
const schema = onPostgres ? await seededSchema(records) : undefined;
const pinned = onPostgres ? pinPostgres() : undefined;
if (pinned && 'reason' in pinned) console.log(`PostgreSQL not pinned: ${pinned.reason}`);
const serverArgs = schema ? ['postgres', schema.url, String(records)] : args;
const server = await serveWith(['--cpu-prof', `--cpu-prof-dir=${folder}`], ...serverArgs);
await load(server.port, request, 2); // warm-up: the optimizing compiler, the heap's first growth
const postgresBefore = onPostgres ? { cpu: postgresCpuSeconds(), xacts: await postgresTransactions() } : undefined;
// V8 stamps samples with the monotonic clock in microseconds, as process.hrtime does: only the load's own are counted.
const from = Number(process.hrtime.bigint() / 1000n);
const result = await load(server.port, request, SECONDS);
const to = Number(process.hrtime.bigint() / 1000n);
const postgresAfter = onPostgres ? { cpu: postgresCpuSeconds(), xacts: await postgresTransactions() } : undefined;
await server.stop(); // node writes the profile as it exits
if (pinned && 'undo' in pinned) pinned.undo();
await schema?.drop();

const file = (await readdir(folder)).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written into ${folder}`);
const profile = JSON.parse(await readFile(join(folder, file), 'utf8')) as {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};
const hitsOf = new Map<number, number>();
let at = profile.startTime;
let sampled = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  at += delta;
  if (at < from || at > to) return;
  hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
  sampled += delta;
});
const byFunction = new Map<string, number>();
const byPart = new Map<string, number>();
let busy = 0;
let all = 0;
for (const node of profile.nodes) {
  const hits = hitsOf.get(node.id) ?? 0;
  const { functionName, url, lineNumber } = node.callFrame;
  all += hits;
  if (hits === 0 || functionName === '(idle)') continue;
  busy += hits;
  const part = partOf(url, functionName);
  const name = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  byPart.set(part, (byPart.get(part) ?? 0) + hits);
}

const share = (hits: number) => `${((100 * hits) / busy).toFixed(1).padStart(5)}%`;
const top = (counts: Map<string, number>, count: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => `${share(hits)}  ${name}`)
    .join('\n');
const cpuUs = ((sampled / all) * busy) / result.requests.total;
const postgresLine =
  postgresBefore && postgresAfter
    ? `PostgreSQL: ${(((postgresAfter.cpu - postgresBefore.cpu) * 1e6) / result.requests.total).toFixed(1)} µs of its CPU a request, ` +
      `${((postgresAfter.xacts - postgresBefore.xacts) / result.requests.total).toFixed(3)} transactions a request\n`
    : '';
console.log(
  `${args.join(' ')}: ${Math.round(result.requests.average)} requests/s, p99 ${result.latency.p99} ms, ` +
    `${cpuUs.toFixed(1)} µs of the main thread's CPU a request (${busy} samples not idle of ${all}); profile: ${join(folder, file)}\n${postgresLine}\nBy part:\n${top(byPart, 25)}\n\nBy function (self time):\n${top(byFunction, 40)}`,
);

/** Where code comes from: (garbage collector) and the like, Node's own (node:…), a package, or a folder of the project. */
function partOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const path = shortUrl(url).split('/');
  if (!url.includes('node_modules/')) return path.slice(0, 3).join('/');
  return path.slice(0, path[0]?.startsWith('@') ? 2 : 1).join('/');
}

/** The url from its package (after node_modules/) or from the compiled project's root (after .bench/). */
function shortUrl(url: string): string {
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) return url.slice(inModules + 'node_modules/'.length);
  const inProject = url.indexOf('/.bench/');
  return inProject >= 0 ? url.slice(inProject + '/.bench/'.length) : url;
}
