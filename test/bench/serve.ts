// A server for the benchmark, in its own process: `validated` (the service on a
// memory store, without load shedding, rate limits or quotas), `guarded` (the same
// with them), `observed` (validated with request logs, to a file, and metrics),
// `bare` (express.json() and the same handler work), `raw` and `fastify` (see
// reference-servers.ts), `sandbox` (make sandbox: one session, `default`, its limits
// as `guarded`'s), `durable RECORDS [DEVICES]` (guarded, on
// the real lowdb store, seeded with RECORDS read markers and DEVICES devices of the
// bench's user, through the handlers, once per run: later processes copy the closed
// store from .bench/seeded/), `durable-validated RECORDS`
// (the same without load shedding, rate limits or quotas), or `postgres URL RECORDS`
// (guarded, on PostgreSQL, seeded beforehand by test/bench/postgres.ts); `seed RECORDS DEVICES` only makes
// the seeded store a durable server copies (harness.ts runs it first, in a process of its own).
import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GCProfiler, type GCProfilerResult } from 'node:v8';
import express from 'express';
import { register } from 'prom-client';
import { createApp } from '../../src/app.js';
import { loadSpec } from '../../src/contract/spec.js';
import { validatorsReady } from '../../src/contract/validator.js';
import { loadConfig } from '../../src/config/load-config.js';
import { DEFAULT_LIMITS, storeQuotas } from '../../src/config/limits.js';
import { registerDevice } from '../../src/features/devices/devices.js';
import { SYSTEM_CLOCK } from '../../src/lib/clock.js';
import { createLogger, logDestination } from '../../src/observability/logger.js';
import { storeReports } from '../../src/observability/store-reports.js';
import { markRead } from '../../src/features/reads/reads.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { keyOf, type Store } from '../../src/store/store.js';
import { benchStreamId, DEVICE_BODY } from './ids.js';
import type { DeviceRegistration } from '../../generated/index.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import { createSandbox } from '../../src/sandbox/sandbox.js';
import { fastifyServer, rawServer } from './reference-servers.js';
import { unguardedApp } from './unguarded.js';

const [mode = 'validated', ...args] = process.argv.slice(2);
/**
 * Every limit and quota on, but none of them refusing the load: 50 connections of one
 * user, as many writes as it can, up to a million read markers. What they cost is measured, not what they refuse.
 */
const unrefused = 1e9;
const limits = {
  ...DEFAULT_LIMITS,
  inFlightPerUser: 1000,
  inFlightBytesPerUser: 2 ** 40,
  writesPerWindow: unrefused,
  quotas: {
    streams: unrefused,
    devices: unrefused,
    identityNamespaces: unrefused,
    drafts: unrefused,
    readMarkers: unrefused,
    readMarkersPerStream: unrefused,
    idempotencyKeys: unrefused,
    bytes: 2 ** 40,
  },
};
const quotas = storeQuotas(limits.quotas);
const config = { bodyLimit: 1024 * 1024, validateResponses: false, limits };

async function build(): Promise<{ app: express.Express | Server; store: Store; dataFile?: string }> {
  if (mode === 'raw') {
    const store = openMemoryStore();
    return { app: rawServer(store), store };
  }
  if (mode === 'fastify') {
    const store = openMemoryStore();
    return { app: await fastifyServer(store), store };
  }
  if (mode === 'bare') {
    const store = openMemoryStore();
    const app = express().use(express.json({ limit: config.bodyLimit }));
    app.put('/api/notifications/devices', async (req, res) => {
      const { device, created } = await registerDevice(
        { store, clock: SYSTEM_CLOCK, caller: 'local' },
        { registration: req.body },
      );
      res.status(created ? 201 : 200).json(device);
    });
    return { app, store };
  }
  if (mode === 'validated') {
    const store = openMemoryStore();
    return { app: unguardedApp(config, store), store };
  }
  if (mode === 'guarded') {
    const store = openMemoryStore({ quotas });
    return { app: createApp({ config, contract: loadSpec(), store }), store };
  }
  if (mode === 'sandbox') {
    const { app } = await createSandbox({ config, contract: loadSpec() });
    return { app, store: openMemoryStore() }; // the sessions hold stores of their own; this one is there to be closed
  }
  if (mode === 'observed') {
    const store = openMemoryStore();
    const logFile = join(await mkdtemp(join(tmpdir(), 'collab-bench-')), 'requests.log');
    const logger = createLogger('info', logDestination(logFile));
    return { app: unguardedApp(config, store, logger), store };
  }
  if (mode === 'postgres') {
    const [url = '', records = '0'] = args;
    const store = await openPostgresStore(url, { quotas, hooks: storeReports }); // reporting as the service's does
    const seeded = keyOf('local', benchStreamId(Math.max(0, Number(records) - 1)), '');
    if (Number(records) > 0 && !(await store.get('readMarkers', seeded)))
      throw new Error(`no seeded read marker at ${seeded}: the seed no longer matches markRead`);
    return { app: createApp({ config, contract: loadSpec(), store }), store };
  }
  const [records = '0', devices = '0'] = args;
  const guarded = mode !== 'durable-validated';
  const folder = await mkdtemp(join(tmpdir(), 'collab-bench-'));
  const dataFile = join(folder, 'db.json');
  const options = {
    checkpointBytes: loadConfig().checkpointBytes,
    hooks: storeReports, // reporting as the service's store does
    ...(guarded ? { quotas } : {}),
  };
  if (Number(records) + Number(devices) > 0)
    await cp(await seeded(Number(records), Number(devices)), folder, { recursive: true });
  const store = await openLowdbStore(dataFile, options);
  return {
    app: guarded ? createApp({ config, contract: loadSpec(), store }) : unguardedApp(config, store),
    store,
    dataFile,
  };
}

/**
 * A closed lowdb store of `records` read markers and `devices` devices of the bench's user, written through the
 * handlers in chunks; made once per bench run (run.ts clears .bench/seeded), then copied by every process that needs it.
 */
async function seeded(records: number, devices: number): Promise<string> {
  const folder = join('.bench', 'seeded', `${records}-${devices}`);
  if (
    await stat(folder).then(
      () => true,
      () => false,
    )
  )
    return folder;
  const making = `${folder}.making-${process.pid}`;
  await mkdir(making, { recursive: true });
  const store = await openLowdbStore(join(making, 'db.json'), { quotas });
  const registration = JSON.parse(DEVICE_BODY) as DeviceRegistration;
  const context = { store, clock: SYSTEM_CLOCK, caller: 'local' };
  const chunk = 10_000;
  for (let start = 0; start < Math.max(records, devices); start += chunk) {
    const indexes = Array.from({ length: chunk }, (_, offset) => start + offset);
    await Promise.all([
      ...indexes
        .filter((index) => index < records)
        .map((index) =>
          markRead(context, { marker: { streamId: benchStreamId(index), lastReadMessageId: randomUUID() } }),
        ),
      ...indexes
        .filter((index) => index < devices)
        .map((index) =>
          registerDevice(context, { registration: { ...registration, installationId: `seeded-${index}` } }),
        ),
    ]);
  }
  await store.close();
  await rm(join(making, 'db.json.lock'), { force: true });
  await rename(making, folder);
  return folder;
}

if (mode === 'seed') {
  const [records = '0', devices = '0'] = args;
  await seeded(Number(records), Number(devices));
  process.exit(0);
}
const { app, store, dataFile } = await build();
// As the service and the sandbox start (src/start.ts): every check compiled before the first request.
if (typeof app === 'function') await validatorsReady(loadSpec(), app);
const loop = monitorEventLoopDelay({ resolution: 5 });
const server = app.listen(0, '127.0.0.1', () => {
  loop.enable();
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port, dataFile })}\n`);
});

// SIGUSR2 opens and closes a window of this server's own load: stalls count only inside
// windows, not while the server waits, stopped or descheduled, for the other contenders' rounds.
// Each is acknowledged on stdout, which the harness waits for (Server.toggleStallWindow).
// With BENCH_PROMOTION set, the windows also count what scavenges promote to the old generation, which only a full
// collection frees (V8's GCProfiler, a reading before and after each collection).
let measuring = false;
let worst = 0;
let promoted = 0;
const profiler = process.env.BENCH_PROMOTION ? new GCProfiler() : undefined;
const acknowledge = () => process.stdout.write(`${JSON.stringify({ measuring })}\n`);
process.on('SIGUSR2', () => {
  measuring = !measuring;
  if (!measuring) {
    worst = Math.max(worst, loop.max);
    loop.disable();
    const profile = profiler?.stop();
    if (profile) promoted += promotedBy(profile);
    acknowledge();
    return;
  }
  profiler?.start();
  // After a pause the histogram's first tick spans it: opened, the window starts once that tick is past.
  loop.enable();
  setTimeout(() => {
    loop.reset();
    acknowledge();
  }, 20);
});

/** What the old generation gained in each scavenge: the bytes it promoted. */
function promotedBy({ statistics }: GCProfilerResult): number {
  const old = (spaces: { spaceName: string; spaceUsedSize: number }[]) =>
    spaces
      .filter(({ spaceName }) => spaceName === 'old_space' || spaceName === 'large_object_space')
      .reduce((sum, { spaceUsedSize }) => sum + spaceUsedSize, 0);
  return statistics
    .filter(({ gcType }) => gcType === 'Scavenge')
    .reduce(
      (sum, { beforeGC, afterGC }) => sum + old(afterGC.heapSpaceStatistics) - old(beforeGC.heapSpaceStatistics),
      0,
    );
}

/** Checkpoints the lowdb store wrote (0 for the other stores). */
async function checkpoints(): Promise<number> {
  const histogram = await register.getSingleMetric('store_checkpoint_duration_seconds')?.get();
  const count = histogram?.values.find(
    (value) => (value as { metricName?: string }).metricName === 'store_checkpoint_duration_seconds_count',
  );
  return count?.value ?? 0;
}

process.once('SIGTERM', () => {
  loop.disable();
  server.close();
  const written = checkpoints();
  void store.close().then(async () => {
    if (dataFile) await rm(dirname(dataFile), { recursive: true, force: true }); // a seeded store is hundreds of MB
    process.stdout.write(
      `${JSON.stringify({
        maxRssMb: process.resourceUsage().maxRSS / 1024,
        loopMaxMs: (measuring ? Math.max(worst, loop.max) : worst) / 1e6,
        loopP99Ms: loop.percentile(99) / 1e6,
        checkpoints: await written,
        promotedBytes: promoted,
      })}\n`,
    );
    process.exit(0);
  });
});
