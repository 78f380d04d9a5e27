import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { createApp } from './app.js';
import { keyFingerprints } from './config/auth.js';
import { isLoopback, loadConfig, storeSettings } from './config/load-config.js';
import { loadSpec } from './contract/spec.js';
import { contractLoaded } from './contract/validator.js';
import { createHttpServer } from './edge/listen.js';
import { gracefulShutdown } from './edge/shutdown.js';
import { SYSTEM_CLOCK } from './lib/clock.js';
import { reportBuildInfo } from './observability/build-info.js';
import { createLogger } from './observability/logger.js';
import { linesWritten } from './observability/observe.js';
import { sweepExpiredKeys } from './store/idempotency-sweep.js';
import { openStore, refusalOf, whereDataLives } from './store/open-store.js';
import { stopTracing } from './tracing.js';

// The service, as src/server.ts imports it once tracing is started.

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
for (const warning of config.warnings) logger.warn(warning);
if (!config.auth && !isLoopback(config.host)) {
  if (!config.allowUnauthenticated) {
    console.error(
      `Refusing to listen on ${config.host} without authentication: anyone who can reach it would act as the user "local"; set AUTH_JWT_SECRET or AUTH_JWT_SECRET_FILE (HS256, at least 32 characters), AUTH_JWT_PUBLIC_KEY (a PEM file, RS256 or ES256), AUTH_JWKS_URL (an identity provider's key set) or AUTH_OIDC_ISSUER (its issuer), or HOST=127.0.0.1, or ALLOW_UNAUTHENTICATED=true to serve everyone as "local" on purpose.`,
    );
    process.exit(1);
  }
  logger.warn(
    `Warning: serving ${config.host} without authentication (ALLOW_UNAUTHENTICATED=true): everyone acts as "local".`,
  );
}
const store = await openStore(storeSettings(config), logger).catch((error: unknown) => {
  const refusal = refusalOf(error);
  if (refusal === undefined) throw error;
  console.error(`Refusing to start: ${refusal}`);
  process.exit(1);
});

const contract = loadSpec(); // read once, here, and handed to all that needs it
reportBuildInfo((contract as { info?: { version?: string } }).info?.version ?? 'unknown'); // the contract's version, as the image is tagged
const sweeping = sweepExpiredKeys(store, SYSTEM_CLOCK, logger); // idempotency keys past IDEMPOTENCY_KEY_TTL
const stopping = { stopping: false };
// The identity provider's key set is fetched in the background: a failed fetch is a warning (a set too large, an error), not a refusal.
const auth = config.auth && {
  ...config.auth,
  onKeySetFailure: (message: string, level: 'warn' | 'error') => logger[level](message),
};
const server = createHttpServer(
  createApp({ config: { ...config, ...(auth ? { auth } : {}) }, contract, store, logger, stopping }),
  undefined,
  config.https && { files: config.https, log: (level, line) => logger[level](line) },
);
// The validator loads openapi.yaml in the background: listen once it has, so "Serving" means served at once.
await contractLoaded().catch(async (error: unknown) => {
  console.error(`Refusing to start: openapi.yaml cannot be loaded (${(error as Error).message})`);
  await sweeping.stop();
  await store.close();
  process.exit(1);
});
const shutdown = gracefulShutdown(server, config.shutdown, stopping, (line) => logger.info(line));
// A port in use, or one this user may not bind, is a refusal to start: one line, not a stack.
server.once('error', (error: NodeJS.ErrnoException) => {
  const reason =
    error.code === 'EADDRINUSE'
      ? 'is in use by another process'
      : error.code === 'EACCES'
        ? 'may not be bound by this user'
        : `cannot be listened on (${error.code ?? error.message})`;
  console.error(`Refusing to start: port ${config.port} on ${config.host} ${reason}; set PORT to another.`);
  void sweeping
    .stop()
    .then(() => store.close())
    .finally(() => process.exit(1));
});
server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  // Each key's fingerprint, so instances can be compared: the same secret shows the same 8 hex digits.
  const keys = keyFingerprints(config.auth);
  const named = Object.entries(keys).map(([name, hex]) => `${name} sha256:${hex}`);
  logger.info(
    named.length > 0 ? { keyFingerprints: keys } : {},
    `Serving on ${config.https ? 'https' : 'http'}://${config.host}:${port} (data in ${whereDataLives(config)}${named.length > 0 ? `; tokens verified with ${named.join(' and ')}` : ''})`,
  );
});

// SIGTERM, SIGINT and the like: readiness off, a delay, the listener closed, requests in flight finished, the
// store written out and released, exit 0. A second signal exits at once (close-with-grace), with 1.
closeWithGrace(
  {
    delay: false,
    logger: false,
    skip: ['uncaughtException', 'unhandledRejection', 'beforeExit'],
    onSecondSignal: (signal) => logger.warn(`${signal} again: exiting now, without waiting for requests in flight`),
  },
  async ({ signal }) => {
    await shutdown.stop(signal ?? 'stop');
    await sweeping.stop();
    // A store that could not write everything out says so; the lowdb journal still holds every change.
    const unsaved = await store.close().then(
      () => undefined,
      (error: unknown) => error,
    );
    await stopTracing(); // the last requests' spans are exported, or given up after OTEL_BSP_EXPORT_TIMEOUT
    await linesWritten();
    if (unsaved === undefined) logger.info('Stopped: every request answered, the data file released');
    else
      logger.warn(
        { err: unsaved },
        `Stopped: every request answered and the data file released, but not all is written out: ${(unsaved as Error).message}`,
      );
  },
);
