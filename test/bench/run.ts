// npm run bench: HTTP overhead of validation, then acknowledged durable writes at
// 1k, 10k and 100k stored records on lowdb, then on PostgreSQL at 100k and 1M with one
// and two instances. Servers run in their own processes; autocannon drives them over
// loopback with 50 connections. BENCH_SECONDS sets each run's length; BENCH_RECORDS
// (e.g. 1000) replaces the record counts of both stores.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { CONNECTIONS, load, ms, readMarkerRequest, row, SECONDS, serve } from './harness.js';
import { postgresStorage } from './postgres.js';

const SIZES = (process.env.BENCH_RECORDS ?? '1000,10000,100000').split(',').filter(Boolean).map(Number);
const ROUNDS = 3;

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

/** Interleaved rounds, medians reported: the load generator shares the machine, so one run is noise. */
async function httpOverhead(): Promise<string[]> {
  const runs: Record<'bare' | 'validated', autocannon.Result[]> = { bare: [], validated: [] };
  const servers = { bare: await serve('bare'), validated: await serve('validated') };
  const request = { method: 'PUT' as const, path: '/api/notifications/devices', body: device };
  for (const mode of ['bare', 'validated'] as const) await load(servers[mode].port, request, 2); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ['bare', 'validated'] as const) runs[mode].push(await load(servers[mode].port, request));
  }
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  const median = (mode: 'bare' | 'validated', pick: (result: autocannon.Result) => number) =>
    runs[mode].map(pick).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
  const line = (mode: 'bare' | 'validated', name: string) => row([name, Math.round(median(mode, (r) => r.requests.average)),
    ms(median(mode, (r) => r.latency.p50)), ms(median(mode, (r) => r.latency.p99)), runs[mode].reduce((sum, r) => sum + r.non2xx, 0)]);
  const ratio = median('validated', (r) => r.requests.average) / median('bare', (r) => r.requests.average);
  return [
    `HTTP: PUT /api/notifications/devices, in-memory store, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved ${SECONDS} s runs`,
    '',
    row(['endpoint', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx']),
    row(['---', '---', '---', '---', '---']),
    line('bare', 'bare express.json()'),
    line('validated', 'validated (openapi.yaml)'),
    '',
    `validated / bare: ${(100 * ratio).toFixed(0)}% (target: at least 75%)`,
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
    const request = readMarkerRequest(records);
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
console.log(`\n${(await postgresStorage()).join('\n')}`);
