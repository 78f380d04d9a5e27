import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { isLoopback, loadConfig, storeSettings } from './config/index.js';
import { createHttpServer } from './edge/listen.js';
import { createLogger } from './observability/logger.js';
import { linesWritten } from './observability/observe.js';
import { openStore, refusalOf, whereDataLives } from './store/open-store.js';

/** How long in-flight requests get to finish after SIGTERM or SIGINT. */
const DRAIN_MS = 10_000;

// A refusal to start is one human line on stderr, without a stack; everything else is logged.
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(`Refusing to start: ${(error as Error).message}`);
    return process.exit(1);
  }
})();
const logger = createLogger(config.logLevel);
if (!config.auth && !isLoopback(config.host)) {
  if (!config.allowUnauthenticated) {
    console.error(`Refusing to listen on ${config.host} without authentication: anyone who can reach it would act as the user "local".
Set AUTH_JWT_SECRET (HS256, at least 32 characters) or AUTH_JWT_PUBLIC_KEY (a PEM file, RS256 or ES256),
or HOST=127.0.0.1, or ALLOW_UNAUTHENTICATED=true to serve everyone as "local" on purpose.`);
    process.exit(1);
  }
  logger.warn(`Warning: serving ${config.host} without authentication (ALLOW_UNAUTHENTICATED=true): everyone acts as "local".`);
}
const store = await openStore(storeSettings(config), logger).catch((error: unknown) => {
  const refusal = refusalOf(error);
  if (refusal === undefined) throw error;
  console.error(`Refusing to start: ${refusal}`);
  process.exit(1);
});

const server = createHttpServer(createApp({ config, store, logger })).listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
  const self = host.includes(':') ? `[${host}]` : host;
  // The validator loads openapi.yaml in the background: say "Serving" once a request has gone through.
  void fetch(`http://${self}:${port}/healthz`).then(() => logger.info(`Serving on http://${config.host}:${port} (data in ${whereDataLives(config)})`));
});

/** Stop accepting, let in-flight requests finish, flush, release the data file, exit 0. */
async function shutDown(signal: string): Promise<void> {
  logger.info(`${signal}: finishing in-flight requests`);
  const drained = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  await drained;
  clearTimeout(timer);
  // A store that could not write everything out says so; the lowdb journal still holds every change.
  const unsaved = await store.close().then(() => undefined, (error: unknown) => error);
  await linesWritten();
  if (unsaved === undefined) logger.info('Stopped: every request answered, the data file released');
  else logger.warn({ err: unsaved }, `Stopped: every request answered and the data file released, but not all is written out: ${(unsaved as Error).message}`);
  process.exit(0); // pino flushes pending lines on exit
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void shutDown(signal));
}
