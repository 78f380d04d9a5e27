import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { openLowdbStore } from './store/lowdb-store.js';

const config = loadConfig();
const store = await openLowdbStore(config.dataFile);
const server = createApp({ config, store }).listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Serving on http://${config.host}:${port} (data in ${config.dataFile})`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => void store.close().then(() => process.exit(0)));
  });
}
