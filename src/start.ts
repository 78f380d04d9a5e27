import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { keyFingerprints } from './config/auth.js';
import { heapReserveBytes } from './config/heap-budget.js';
import { storeSettings, type Config } from './config/load-config.js';
import type { OpenApiDocument } from './contract/spec.js';
import { validatorsReady } from './contract/validator.js';
import { createHttpServer } from './edge/listen.js';
import { gracefulShutdown } from './edge/shutdown.js';
import type { Load } from './edge/shed-load.js';
import { SYSTEM_CLOCK } from './lib/clock.js';
import { HeapWatch } from './lib/heap-watch.js';
import { reportBuildInfo } from './observability/build-info.js';
import { reportHeap } from './observability/heap-metrics.js';
import { sweepExpiredKeys } from './edge/idempotency/sweep.js';
import { storeReports } from './observability/store-reports.js';
import { openStore, refusalOf, whereDataLives } from './store/open-store.js';

/** Why the service will not start, in one line for a person (src/serve.ts prints it as "Refusing to start: …"). */
export class Refusal extends Error {}

export interface Started {
  server: Server;
  /** Where it listens, e.g. http://127.0.0.1:3000. */
  url: string;
  /**
   * Readiness off, a delay, the listener closed, requests in flight finished, the store written out and released.
   * Resolves with what kept the store from writing everything out, if anything (the lowdb journal still holds it).
   */
  stop(reason: string): Promise<unknown>;
}

/**
 * The service, started: its store opened, its app listening on config.port and config.host once openapi.yaml is
 * loaded, so the first requests wait for nothing. Rejects with a Refusal where a setting or the machine is at fault.
 */
export async function startService(config: Config, contract: OpenApiDocument, logger: Logger): Promise<Started> {
  // What load shedding counts in flight: the heap's guard keeps room only for the bodies that may yet arrive.
  const load: Load = { requests: 0, bytes: 0 };
  const heap = new HeapWatch(() => heapReserveBytes(config.limits, load.bytes));
  const store = await openStore(storeSettings(config), logger, storeReports, heap).catch((error: unknown) => {
    const refusal = refusalOf(error);
    throw refusal === undefined ? error : new Refusal(refusal);
  });
  heap.start(); // from what is live once the store has loaded
  reportHeap(() => heap.figures());
  reportBuildInfo((contract as { info?: { version?: string } }).info?.version ?? 'unknown'); // the contract's version, as the image is tagged
  const sweeping = sweepExpiredKeys(store, SYSTEM_CLOCK, logger); // idempotency keys past IDEMPOTENCY_KEY_TTL
  const release = () =>
    sweeping
      .stop()
      .then(() => store.close())
      .finally(() => heap.stop());
  const stopping = { stopping: false };
  // The identity provider's key set is fetched in the background: a failed fetch is a warning (a set too large, an error), not a refusal.
  const auth = config.auth && {
    ...config.auth,
    onKeySetFailure: (message: string, level: 'warn' | 'error') => logger[level](message),
  };
  const app = createApp({ config: { ...config, ...(auth ? { auth } : {}) }, contract, store, logger, stopping, load });
  const server = createHttpServer(
    app,
    undefined,
    config.https && { files: config.https, log: (level, line) => logger[level](line) },
  );
  // The validator loads openapi.yaml in the background, then compiles its checks: listen once it has, so "Serving" means served at once.
  await validatorsReady(contract, app).catch(async (error: unknown) => {
    await release();
    throw new Refusal(`openapi.yaml cannot be loaded (${(error as Error).message})`);
  });
  const shutdown = gracefulShutdown(server, config.shutdown, stopping, (line) => logger.info(line));
  await listen(server, config).catch(async (error: unknown) => {
    await release().catch(() => {});
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const url = `${config.https ? 'https' : 'http'}://${config.host}:${port}`;
  // Each key's fingerprint, so instances can be compared: the same secret shows the same 8 hex digits.
  const keys = keyFingerprints(config.auth);
  const named = Object.entries(keys).map(([name, hex]) => `${name} sha256:${hex}`);
  logger.info(
    named.length > 0 ? { keyFingerprints: keys } : {},
    `Serving on ${url} (data in ${whereDataLives(config)}${named.length > 0 ? `; tokens verified with ${named.join(' and ')}` : ''})`,
  );
  return {
    server,
    url,
    async stop(reason) {
      await shutdown.stop(reason);
      await sweeping.stop();
      return store
        .close()
        .then(
          () => undefined,
          (error: unknown) => error,
        )
        .finally(() => heap.stop());
    },
  };
}

/** Listens; a port in use, or one this user may not bind, is a Refusal: one line, not a stack. */
function listen(server: Server, { port, host }: Pick<Config, 'port' | 'host'>): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === 'EADDRINUSE'
          ? 'is in use by another process'
          : error.code === 'EACCES'
            ? 'may not be bound by this user'
            : `cannot be listened on (${error.code ?? error.message})`;
      reject(new Refusal(`port ${port} on ${host} ${reason}; set PORT to another.`));
    });
    server.listen(port, host, () => resolve());
  });
}
