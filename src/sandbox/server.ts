import type { AddressInfo } from 'node:net';
import { isLoopback, loadConfig } from '../config.js';
import { createHttpServer } from '../http/listen.js';
import { createSandbox } from './sandbox.js';

// `make sandbox`: PORT defaults to 4020 (the service's 3000, the mock's 4010).
const config = (() => {
  try {
    return loadConfig({ ...process.env, PORT: process.env.PORT ?? '4020' });
  } catch (error) {
    console.error(`Refusing to start: ${(error as Error).message}`);
    return process.exit(1);
  }
})();
if (!isLoopback(config.host) && !config.allowUnauthenticated) {
  console.error(`Refusing to listen on ${config.host}: the sandbox has no authentication. Use HOST=127.0.0.1, or ALLOW_UNAUTHENTICATED=true on purpose.`);
  process.exit(1);
}

const server = createHttpServer(await createSandbox(config)).listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Sandbox serving on http://${config.host}:${port}: in memory, seeded from mocks/examples, any origin, no authentication; POST /sandbox/reset restores the seed`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
