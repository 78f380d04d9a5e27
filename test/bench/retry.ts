// npm run bench:retry: what Idempotency-Key and ETags cost on a write. One service as `make run`
// (lowdb, limits and quotas on, none refusing), pinned as in harness.ts, loaded with 50 connections in interleaved
// rounds: a create without and with a new key each request (a key is one more atomic store update before the create
// and one after), a device PUT without and with `If-Match: *` (the stored device's tag made inside the update).
// Each row is the median round. Also the time to tag one answer, which every single-resource answer now pays.
// BENCH_SECONDS sets a round's length, BENCH_ROUNDS the rounds (4).
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { entityTagOf } from '../../src/lib/etag.js';
import { load, ms, prepare, row, serve } from './harness.js';
import { DEVICE_BODY } from './ids.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const device = JSON.parse(DEVICE_BODY) as Record<string, unknown>; // the main bench's ~1 KB registration
const create = JSON.stringify({ title: 'Bench', memberUserIds: ['ana', 'bo'] });
const workloads: { name: string; request: autocannon.Request }[] = [
  { name: 'create, no key', request: { method: 'POST', path: '/api/streams', body: create } },
  {
    name: 'create, a new Idempotency-Key each',
    request: {
      method: 'POST',
      path: '/api/streams',
      body: create,
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }),
    },
  },
  {
    name: 'device PUT, no precondition',
    request: { method: 'PUT', path: '/api/notifications/devices', body: JSON.stringify(device) },
  },
  {
    name: 'device PUT, If-Match: *',
    request: {
      method: 'PUT',
      path: '/api/notifications/devices',
      body: JSON.stringify(device),
      headers: { 'if-match': '*' },
    },
  },
];

prepare();
const server = await serve('durable', '0');
const rounds = workloads.map(
  () => [] as { perSecond: number; p50: number; p99: number; cpuUs?: number; non2xx: number }[],
);
for (const { request } of workloads) await load(server.port, request, 2); // warm-up; the PUT leaves a device for If-Match: *
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, { request }] of workloads.entries()) {
    const cpuBefore = server.cpuSeconds();
    const result = await load(server.port, request);
    const cpuAfter = server.cpuSeconds();
    rounds[index]!.push({
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      ...(cpuBefore === undefined || cpuAfter === undefined
        ? {}
        : { cpuUs: ((cpuAfter - cpuBefore) * 1e6) / result.requests.total }),
    });
  }
}
await server.stop();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`${ROUNDS} rounds, the median of each; lowdb, as make run\n`);
console.log(row(['workload', 'writes/s', 'p50 ms', 'p99 ms', 'CPU µs / request', 'non-2xx']));
console.log(row(['---', '---:', '---:', '---:', '---:', '---:']));
const cpu = rounds.map((each) =>
  each.every((one) => one.cpuUs !== undefined) ? median(each.map((one) => one.cpuUs!)) : undefined,
);
for (const [index, { name }] of workloads.entries()) {
  const each = rounds[index]!;
  console.log(
    row([
      name,
      Math.round(median(each.map((one) => one.perSecond))),
      ms(median(each.map((one) => one.p50))),
      ms(median(each.map((one) => one.p99))),
      cpu[index] === undefined ? 'n/a' : Math.round(cpu[index]!),
      each.reduce((sum, one) => sum + one.non2xx, 0),
    ]),
  );
}
const ratio = (of: number, to: number) =>
  (median(rounds[of]!.map((one) => one.perSecond)) / median(rounds[to]!.map((one) => one.perSecond))).toFixed(2);
console.log(`\nwrites/s with a key / without: ${ratio(1, 0)}; with If-Match: * / without: ${ratio(3, 2)}`);
const answer = { ...device, userId: 'local', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
const started = process.hrtime.bigint();
for (let index = 0; index < 100_000; index++) entityTagOf(answer);
console.log(
  `one ETag of a device answer (${JSON.stringify(answer).length} bytes): ${(Number(process.hrtime.bigint() - started) / 1e3 / 100_000).toFixed(2)} µs`,
);
