import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createApp } from '../../src/app.js';
import { DEFAULT_LIMITS } from '../../src/config/limits.js';
import { loadSpec } from '../../src/contract/spec.js';
import { createLogger } from '../../src/observability/logger.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import { StoreUnavailableError, type Store } from '../../src/store/store.js';
import { call } from '../helpers/client.js';
import { startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile, type Service } from '../helpers/service.js';

/** The app on a port over the given store, checking every response against openapi.yaml; its store failing is seen at once unless `graceMs`. */
async function serve(store: Store, graceMs = 0): Promise<Service> {
  const app = createApp({
    contract: loadSpec(),
    config: { bodyLimit: 1024, validateResponses: true, limits: { ...DEFAULT_LIMITS, readinessStoreGraceMs: graceMs } },
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

describe('GET /readyz while the store fails for less than READINESS_STORE_GRACE', () => {
  /** A memory store that, while `failing`, refuses everything as a database out of reach does. */
  function outage() {
    const state = { failing: false };
    const memory = openMemoryStore();
    const refuse = () => Promise.reject(new StoreUnavailableError('PostgreSQL cannot serve: connect ECONNREFUSED'));
    const store: Store = {
      ...memory,
      get: (...args) => (state.failing ? refuse() : memory.get(...args)),
      list: (...args) => (state.failing ? refuse() : memory.list(...args)),
      update: (...args) => (state.failing ? refuse() : memory.update(...args)),
      ping: () => (state.failing ? refuse() : memory.ping()),
    };
    return { state, store };
  }

  it('when the store fails, then /readyz stays 200 for the grace while /api answers 503 unavailable with Retry-After, then 503; once the store is back, 200', async function () {
    this.timeout(60_000);
    const { state, store } = outage();
    const service = await serve(store, 3_000);
    try {
      expect((await call(service, 'GET', '/readyz')).status).to.equal(200);
      state.failing = true;
      const write = await call(service, 'PATCH', '/api/streams/nav', { body: { sort: 'x' } });
      expect(write.status).to.equal(503);
      expect(write.body).to.include({ type: 'urn:problem:collab:unavailable', status: 503 });
      expect(write.headers.get('retry-after')).to.equal('5');
      expect((await call(service, 'GET', '/readyz')).status, 'within the grace: still in rotation').to.equal(200);
      let ready = await call(service, 'GET', '/readyz');
      while (ready.status === 200) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        ready = await call(service, 'GET', '/readyz');
      }
      expect(ready.status, 'once the grace has passed').to.equal(503);
      expect(ready.body).to.include({ type: 'urn:problem:collab:unavailable', status: 503 });
      state.failing = false;
      expect((await call(service, 'GET', '/readyz')).status).to.equal(200);
      expect((await call(service, 'PATCH', '/api/streams/nav', { body: { sort: 'y' } })).status).to.equal(200);
    } finally {
      await service.close();
    }
  });
});
