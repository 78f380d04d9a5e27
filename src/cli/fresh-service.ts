import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp } from '../app.js';
import { loadConfig, storeSettings } from '../config/load-config.js';
import { loadSpec } from '../contract/spec.js';
import { createHttpServer } from '../edge/listen.js';
import { createLogger } from '../observability/logger.js';
import { storeReports } from '../observability/store-reports.js';
import { openStore } from '../store/open-store.js';
import { temporaryFolder } from './temporary-folder.js';

/**
 * The service on a lowdb file in a new temporary folder, on a free loopback port, taking bodies up to `bodyLimit`
 * bytes; closing removes the folder, and so does any way out of the process (temporary-folder.ts).
 */
export async function startFresh(bodyLimit: number): Promise<{ url: string; close(): Promise<void> }> {
  const folder = temporaryFolder('verify-consumer-');
  // The defaults, not this shell's settings: no DATABASE_URL, no authentication (everyone is local, as in the sandbox).
  const config = loadConfig({
    DATA_FILE: join(folder.path, 'db.json'),
    PORT: '0',
    HOST: '127.0.0.1',
    BODY_LIMIT: String(bodyLimit),
  });
  const logger = createLogger('silent');
  const store = await openStore(storeSettings(config), logger, storeReports);
  const listening = createHttpServer(
    createApp({ config, contract: loadSpec(), store, logger, stopping: { stopping: false } }),
  ).listen(0, '127.0.0.1');
  await once(listening, 'listening');
  return {
    url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    async close() {
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
      await store.close();
      folder.remove();
    },
  };
}
