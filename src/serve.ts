import closeWithGrace from 'close-with-grace';
import { isLoopback, loadConfig } from './config/load-config.js';
import { loadSpec } from './contract/spec.js';
import { createLogger, settleLog, stdout } from './observability/logger.js';
import { linesWritten } from './observability/observe.js';
import { Refusal, startService } from './start.js';
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
const destination = stdout(config.limits.logBufferBytes);
const logger = createLogger(config.logLevel, destination);
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
// The contract is read once, here, and handed to all that needs it.
const started = await startService(config, loadSpec(), logger).catch((error: unknown) => {
  if (!(error instanceof Refusal)) throw error;
  console.error(`Refusing to start: ${error.message}`);
  return process.exit(1);
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
    // A store that could not write everything out says so; the lowdb journal still holds every change.
    const unsaved = await started.stop(signal ?? 'stop');
    await stopTracing(); // the last requests' spans are exported, or given up after OTEL_BSP_EXPORT_TIMEOUT
    await linesWritten();
    if (unsaved === undefined) logger.info('Stopped: every request answered, the data file released');
    else
      logger.warn(
        { err: unsaved },
        `Stopped: every request answered and the data file released, but not all is written out: ${(unsaved as Error).message}`,
      );
    // The lines held are written, or given up after SHUTDOWN_TIMEOUT when nothing reads stdout: the exit never waits on it.
    await settleLog(destination, config.shutdown.timeoutMs);
  },
);
