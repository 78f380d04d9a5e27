import type { AddressInfo } from 'node:net';
import { checkHeap, heapLimitBytes } from '../config/heap-budget.js';
import { isLoopback, loadConfig } from '../config/load-config.js';
import { refuseBlank } from '../config/settings-read.js';
import { loadSpec } from '../contract/spec.js';
import { validatorsReady } from '../contract/validator.js';
import { createHttpServer } from '../edge/listen.js';
import { createLogger, stdout } from '../observability/logger.js';
import { createSandbox } from './sandbox.js';
import { readSandboxSettings } from './sandbox-settings.js';

// `make sandbox`: PORT defaults to 4020 (the service's 3000, the mock's 4010).
// It serves without authentication, always (everyone is `local`): AUTH_* settings are the service's, and ignored here.
const ignored = Object.keys(process.env).filter((name) => name.startsWith('AUTH_'));
if (ignored.length)
  console.warn(
    `Ignoring ${ignored.sort().join(', ')}: the sandbox serves without authentication, always (every request is the user local).`,
  );
const config = (() => {
  try {
    // The sandbox's own settings too: one set but empty is refused, never read as its default.
    refuseBlank(
      process.env,
      Object.keys(process.env).filter((name) => name.startsWith('SANDBOX_')),
    );
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AUTH_')));
    return loadConfig({ ...env, PORT: process.env.PORT ?? '4020' }, heapLimitBytes(), false);
  } catch (error) {
    console.error(`Refusing to start: ${(error as Error).message}`);
    return process.exit(1);
  }
})();
if (!isLoopback(config.host) && !config.allowUnauthenticated) {
  console.error(
    `Refusing to listen on ${config.host}: the sandbox has no authentication. Use HOST=127.0.0.1, or ALLOW_UNAUTHENTICATED=true on purpose.`,
  );
  process.exit(1);
}

const settings = (() => {
  try {
    return readSandboxSettings(process.env);
  } catch (error) {
    console.error(`Refusing to start: ${(error as Error).message}`);
    return process.exit(1);
  }
})();
const { max: maxSessions, maxBytes, idleMs } = settings.sessions;
try {
  checkHeap(heapLimitBytes(), config.limits, { setting: 'SANDBOX_MAX_BYTES', bytes: maxBytes });
} catch (error) {
  console.error(`Refusing to start: ${(error as Error).message}`);
  process.exit(1);
}
// Request lines only when asked for (LOG_LEVEL): a refused CORS preflight is logged at warn either way.
const logger = createLogger(
  process.env.LOG_LEVEL === undefined ? 'warn' : config.logLevel,
  stdout(config.limits.logBufferBytes),
);
// Every scenario (SANDBOX_SCENARIOS, default mocks/scenarios) is built before listening: a file whose step is refused stops the start.
const scenariosFolder = process.env.SANDBOX_SCENARIOS;
const { app, scenarios, contract } = await Promise.resolve()
  .then(() => loadSpec()) // read once, here, and handed to all that needs it
  .then(async (contract) => ({
    contract,
    ...(await createSandbox({
      config,
      contract,
      sessions: settings.sessions,
      streams: settings.streams,
      maxScenarios: settings.maxScenarios,
      logger,
      buildScenarios: true,
      ...(scenariosFolder ? { scenariosFolder } : {}),
    })),
  }))
  .catch((error: Error) => {
    console.error(`Refusing to start: ${error.message}`);
    return process.exit(1);
  });
await validatorsReady(contract, app); // listening once the checks are compiled, as the service does (src/start.ts)
const server = createHttpServer(app).listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(
    `Sandbox serving on http://${config.host}:${port}: in memory, one isolated session per X-Sandbox-Session (at most ${maxSessions} written to and ${maxSessions} only read, holding ${maxBytes} bytes together; one unused for ${idleMs / 1000} s may be dropped for room, and says so), each seeded from mocks/examples; any origin, no authentication; POST /sandbox/reset restores a session's seed, or one of the scenarios ${
      scenarios
        .list()
        .map(({ name }) => name)
        .join(', ') || '(none)'
    }`,
  );
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
