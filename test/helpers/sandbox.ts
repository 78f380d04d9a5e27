import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { parseSize } from '../../src/config.js';
import { createHttpServer } from '../../src/http/listen.js';
import { createSandbox } from '../../src/sandbox/sandbox.js';
import type { Service } from './service.js';

/** The sandbox app (make sandbox) in-process on a free port, checking every response against openapi.yaml. */
export async function startSandbox(options: { maxSessions?: number } = {}): Promise<Service> {
  const { app } = await createSandbox({ config: { bodyLimit: parseSize('1mb'), validateResponses: true }, ...options });
  const server = createHttpServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataFile: '',
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
