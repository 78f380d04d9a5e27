// npm run bench: HTTP overhead of validation, then acknowledged durable writes at
// 1k, 10k and 100k stored records. Servers run in their own processes; autocannon
// drives them over loopback with 50 connections. BENCH_SECONDS sets each run's length.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { benchStreamId } from './ids.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SIZES = (process.env.BENCH_RECORDS ?? '1000,10000,100000').split(',').filter(Boolean).map(Number);
const ROUNDS = 3;

interface Server {
  port: number;
  dataFile?: string;
  /** Starts the event-loop stall measurement afresh. */
  resetStalls(): void;
  stop(): Promise<{ maxRssMb: number; loopMaxMs: number; loopP99Ms: number }>;
}

async function serve(...args: string[]): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/bench/serve.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const { port, dataFile } = JSON.parse((await lines.next()).value as string) as { port: number; dataFile?: string };
  return {
    port,
    dataFile,
    resetStalls: () => child.kill('SIGUSR2'),
    async stop() {
      child.kill('SIGTERM');
      const stats = JSON.parse((await lines.next()).value as string);
      await once(child, 'exit');
      return stats;
    },
  };
}

function load(port: number, request: autocannon.Request, seconds = SECONDS): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [request],
  });
}

async function sizeOf(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const name of await readdir(path)) total += await sizeOf(join(path, name));
  return total;
}

const device = JSON.stringify({
  installationId: 'bench-phone', appId: 'com.example.chat', platform: 'mobile_a', token: 'x'.repeat(160),
  environment: 'production', transport: 'push_gateway', appVersion: '5.2.0', appBuild: '5200', osVersion: '18.1',
  deviceModel: 'Pixel 9', formFactor: 'phone', appVariant: 'store', locale: 'de-DE', timeZone: 'Europe/Berlin',
  capabilities: ['rich-push', 'badges'], systemAuthorization: 'authorized', notificationSettings: { alert: 'on' },
  backgroundRefreshStatus: 'available', pushEnabled: true, transportMetadata: { topic: 'com.example.chat' },
});

const ms = (value: number) => value.toFixed(1);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

const MODES = ['bare', 'validated', 'observed'] as const;
type Mode = (typeof MODES)[number];

/** Interleaved rounds, medians reported: the load generator shares the machine, so one run is noise. */
async function httpOverhead(): Promise<string[]> {
  const runs: Record<Mode, autocannon.Result[]> = { bare: [], validated: [], observed: [] };
  const servers = { bare: await serve('bare'), validated: await serve('validated'), observed: await serve('observed') };
  const request = { method: 'PUT' as const, path: '/api/notifications/devices', body: device };
  for (const mode of MODES) await load(servers[mode].port, request, 2); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of MODES) runs[mode].push(await load(servers[mode].port, request));
  }
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  const median = (mode: Mode, pick: (result: autocannon.Result) => number) =>
    runs[mode].map(pick).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
  const line = (mode: Mode, name: string) => row([name, Math.round(median(mode, (r) => r.requests.average)),
    ms(median(mode, (r) => r.latency.p50)), ms(median(mode, (r) => r.latency.p99)), runs[mode].reduce((sum, r) => sum + r.non2xx, 0)]);
  const ratio = (mode: Mode, base: Mode) => (100 * median(mode, (r) => r.requests.average) / median(base, (r) => r.requests.average)).toFixed(0);
  return [
    `HTTP: PUT /api/notifications/devices, in-memory store, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved ${SECONDS} s runs`,
    '',
    row(['endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx']),
    row(['---', '---', '---', '---', '---']),
    line('bare', 'bare express.json()'),
    line('validated', 'validated (openapi.yaml)'),
    line('observed', 'validated + logs + metrics'),
    '',
    `validated / bare: ${ratio('validated', 'bare')}% (target: at least 75%)`,
    `validated + logs + metrics / validated: ${ratio('observed', 'validated')}% (target: at least 90%)`,
  ];
}

async function storage(): Promise<string[]> {
  const lines = [
    `Storage: PUT /api/chat/reads on the durable lowdb store (acknowledged = on disk), ${CONNECTIONS} connections, ${SECONDS} s`,
    '',
    row(['stored records', 'acknowledged writes/s', 'p50 ms', 'p99 ms', 'non-2xx', 'data on disk MB', 'peak RSS MB', 'longest event-loop stall ms']),
    row(['---', '---', '---', '---', '---', '---', '---', '---']),
  ];
  for (const records of SIZES) {
    const server = await serve('durable', String(records));
    const request: autocannon.Request = {
      method: 'PUT',
      path: '/api/chat/reads',
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ streamId: benchStreamId(Math.floor(Math.random() * records)), lastReadMessageId: randomUUID() }),
      }),
    };
    await load(server.port, request, 2); // warm-up: first requests compile the validators
    server.resetStalls();
    const result = await load(server.port, request);
    const stats = await server.stop();
    const size = await sizeOf(server.dataFile!) + await sizeOf(`${server.dataFile}.d`);
    lines.push(row([records, Math.round(result.requests.average), ms(result.latency.p50), ms(result.latency.p99), result.non2xx,
      (size / 1e6).toFixed(1), Math.round(stats.maxRssMb), ms(stats.loopMaxMs)]));
  }
  return lines;
}

console.log(`Node ${process.version}, ${(await import('node:os')).cpus().length} cores\n`);
console.log((await httpOverhead()).join('\n'));
if (SIZES.length > 0) console.log(`\n${(await storage()).join('\n')}`);
