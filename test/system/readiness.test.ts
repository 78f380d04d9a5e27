import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createApp } from '../../src/app.js';
import { createLogger } from '../../src/observability/logger.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { call } from '../helpers/client.js';
import { startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile, type Service } from '../helpers/service.js';

/** The app on a port over the given store, checking every response against openapi.yaml. */
async function serve(store: Store): Promise<Service> {
  const app = createApp({
    config: { bodyLimit: 1024, validateResponses: true },
    store,
    logger: createLogger('silent'),
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dataFile: '',
    close: async () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('GET /readyz and GET /healthz', () => {
  it('when the real server runs with authentication, then /healthz, /readyz and /metrics answer 200 without a token', async () => {
    const server = await startServerProcess(await freshDataFile(), { AUTH_JWT_SECRET: 'r'.repeat(32) });
    try {
      const ready = await call(server.service, 'GET', '/readyz');
      expect(ready.status).to.equal(200);
      expect(ready.body).to.deep.equal({ status: 'ok' });
      expect((await call(server.service, 'GET', '/healthz')).status).to.equal(200);
      expect((await call(server.service, 'GET', '/metrics')).status).to.equal(200);
      expect((await call(server.service, 'GET', '/api/streams/nav')).status, 'while /api needs one').to.equal(401);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  const unready: [name: string, store: () => Store][] = [
    [
      'closed',
      () => {
        const store = openMemoryStore();
        void store.close();
        return store;
      },
    ],
    [
      'unreachable (ping fails)',
      () => ({
        ...openMemoryStore(),
        ping: async () => {
          throw new Error('connect ECONNREFUSED 10.1.2.3:5432');
        },
      }),
    ],
    ['not answering (ping never settles)', () => ({ ...openMemoryStore(), ping: () => new Promise<void>(() => {}) })],
  ];
  for (const [name, store] of unready) {
    it(`when the store is ${name}, then /readyz is a 503 problem that reveals nothing, and /healthz stays 200`, async () => {
      const service = await serve(store());
      try {
        const reply = await call(service, 'GET', '/readyz');
        expect(reply.status).to.equal(503);
        expect(reply.headers.get('content-type')).to.match(/^application\/problem\+json/);
        expect(reply.body).to.include({
          type: 'urn:problem:collab:unavailable',
          status: 503,
          requestId: reply.headers.get('x-request-id'),
        });
        expect(JSON.stringify(reply.body)).to.not.match(/ECONNREFUSED|10\.1\.2\.3|5432/);
        expect((await call(service, 'GET', '/healthz')).status).to.equal(200);
      } finally {
        await service.close();
      }
    });
  }
});
