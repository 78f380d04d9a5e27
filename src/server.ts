import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { DataFileError } from './store/durable-json-file.js';
import { openLowdbStore } from './store/lowdb-store.js';

/** How long in-flight requests get to finish after SIGTERM or SIGINT. */
const DRAIN_MS = 10_000;

const config = loadConfig();
const store = await openLowdbStore(config.dataFile).catch((error: unknown) => {
  if (!(error instanceof DataFileError)) throw error;
  console.error(`Refusing to start: ${error.message}`);
  process.exit(1);
});

const server = createApp({ config, store }).listen(config.port, config.host, () => {
  const url = `http://${config.host}:${(server.address() as AddressInfo).port}`;
  // The validator loads openapi.yaml in the background: say "Serving" once a request has gone through.
  void fetch(`${url}/healthz`).then(() => console.log(`Serving on ${url} (data in ${config.dataFile})`));
});

/** Stop accepting, let in-flight requests finish, flush, release the data file, exit 0. */
async function shutDown(signal: string): Promise<void> {
  console.log(`${signal}: finishing in-flight requests`);
  const drained = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  await drained;
  clearTimeout(timer);
  await store.close();
  process.exit(0);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void shutDown(signal));
}
