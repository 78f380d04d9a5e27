// npm run bench:tracing: what tracing costs the service as deployed (node dist/src/server.js, lowdb,
// PUT /api/notifications/devices, 50 connections), in interleaved rounds: tracing off, and on with
// OTLP over http/protobuf to a receiver in this process (the load's core). BENCH_BEFORE=<folder>
// adds a server compiled from another commit (its dist/src/server.js), for "before". Each row is the
// median round: CPU per request of the server process (steadier than requests/s on a shared machine),
// requests/s and p99.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { OtlpReceiver } from '../helpers/otlp-receiver.js';
import { GENEROUS_LIMITS } from '../helpers/process.js';
import { cpuSeconds } from './cpu.js';
import { CORES, load, prepare, SECONDS } from './harness.js';
import { DEVICE_BODY } from './ids.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const device = DEVICE_BODY; // the main bench's ~1 KB registration

interface Row {
  name: string;
  start: () => Promise<{ child: ChildProcess; port: number }>;
  rounds: { cpuUs: number; perSecond: number; p99: number }[];
}

async function start(entry: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const command = [process.execPath, entry];
  const pinned = CORES ? ['taskset', '-c', CORES.server, ...command] : command;
  const dataFile = join(await mkdtemp(join(tmpdir(), 'collab-bench-tracing-')), 'db.json');
  const child = spawn(pinned[0]!, pinned.slice(1), {
    env: { ...process.env, ...GENEROUS_LIMITS, PORT: '0', DATA_FILE: dataFile, SHUTDOWN_DELAY: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    const port = /Serving on http:\/\/[^:]+:(\d+)/.exec(line)?.[1];
    if (port) {
      child.stdout!.resume(); // the request lines go on being read, as a log shipper would
      return { child, port: Number(port) };
    }
  }
  throw new Error(`${entry} exited before serving`);
}

prepare();
const receiver = await new OtlpReceiver().start();
const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' };
const rows: Row[] = [
  ...(process.env.BENCH_BEFORE
    ? [
        {
          name: 'before (BENCH_BEFORE)',
          start: () => start(join(process.env.BENCH_BEFORE!, 'dist/src/server.js'), {}),
          rounds: [],
        },
      ]
    : []),
  { name: 'tracing off', start: () => start('.bench/src/server.js', {}), rounds: [] },
  { name: 'tracing on (OTLP http/protobuf)', start: () => start('.bench/src/server.js', traced), rounds: [] },
];
const servers = await Promise.all(rows.map((row) => row.start()));
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, row] of rows.entries()) {
    const { child, port } = servers[index]!;
    const before = cpuSeconds(child.pid!) ?? 0;
    const result = await load(port, { method: 'PUT', path: '/api/notifications/devices', body: device }, SECONDS);
    const used = (cpuSeconds(child.pid!) ?? 0) - before;
    row.rounds.push({
      cpuUs: (used * 1e6) / result.requests.total,
      perSecond: result.requests.average,
      p99: result.latency.p99,
    });
  }
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`| server | CPU µs/request | requests/s | p99 ms |\n|---|---|---|---|`);
for (const row of rows) {
  console.log(
    `| ${row.name} | ${median(row.rounds.map((r) => r.cpuUs)).toFixed(0)} | ${median(row.rounds.map((r) => r.perSecond)).toFixed(0)} | ${median(row.rounds.map((r) => r.p99))} |`,
  );
}
// Each round's ratio against tracing off (the row before it ran in the same round), then the median.
const off = rows.find((row) => row.name === 'tracing off')!;
for (const row of rows.filter((r) => r !== off)) {
  const cpu = median(row.rounds.map((r, i) => r.cpuUs / off.rounds[i]!.cpuUs));
  const rate = median(row.rounds.map((r, i) => r.perSecond / off.rounds[i]!.perSecond));
  const added = Math.round((cpu - 1) * 100);
  console.log(
    `${row.name} / tracing off: ${(rate * 100).toFixed(0)}% of its requests/s, ${added >= 0 ? '+' : ''}${added}% CPU per request`,
  );
}
console.log(`spans received: ${receiver.spans.length}`);
for (const { child } of servers) {
  child.kill('SIGTERM');
  await once(child, 'exit');
}
await receiver.stop();
