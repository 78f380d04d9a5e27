import { expect } from 'chai';
import { SignJWT } from 'jose';
import { REFUSAL_REASONS } from '../../src/observability/http-metrics.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { call } from '../helpers/client.js';
import { samples } from '../helpers/metrics.js';
import { rawRequest } from '../helpers/raw.js';
import { freshDataFile, startService, type Service } from '../helpers/service.js';

const SECRET = 'a-refusals-test-secret-long-enough-0123456789';

/** How much each reason of http_requests_refused_total grew while `work` ran (the registry is the process's). */
async function refusedDuring(service: Service, work: () => Promise<void>): Promise<Record<string, number>> {
  const byReason = async () =>
    new Map(
      (await samples(service, 'http_requests_refused_total')).map(({ labels, value }) => [labels.reason!, value]),
    );
  const before = await byReason();
  await work();
  return Object.fromEntries(
    [...(await byReason())]
      .map(([reason, value]) => [reason, value - (before.get(reason) ?? 0)] as const)
      .filter(([, grew]) => grew !== 0),
  );
}

describe('GET /metrics: http_requests_refused_total and http_requests_in_flight', () => {
  it('when nothing was refused yet, then every reason is listed, so a rate() sees the first refusal', async () => {
    const service = await startService();
    try {
      const reasons = (await samples(service, 'http_requests_refused_total')).map(({ labels }) => labels.reason);
      expect(reasons.sort()).to.deep.equal([...REFUSAL_REASONS].sort());
      expect(
        (await samples(service, 'http_requests_in_flight')).map(({ value }) => value),
        'the scrape itself',
      ).to.deep.equal([1]);
    } finally {
      await service.close();
    }
  });

  it('when requests are refused for a limit, authentication or the Host, then each is counted under its reason', async () => {
    const service = await startService({
      auth: { secret: SECRET },
      limits: { writesPerWindow: 2, inFlightBytes: 50 },
      quotas: { streams: 1 },
    });
    const open = await startService({ allowedHosts: [] });
    try {
      const token = await new SignJWT({ sub: 'refused' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(SECRET));
      const headers = { authorization: `Bearer ${token}` };
      expect(
        await refusedDuring(service, async () => {
          expect((await call(service, 'GET', '/api/streams/nav')).status).to.equal(401);
          expect((await call(service, 'POST', '/api/streams', { headers, body: { title: 't' } })).status).to.equal(201);
          expect((await call(service, 'POST', '/api/streams', { headers, body: { title: 't' } })).status).to.equal(403);
          expect((await call(service, 'PATCH', '/api/streams/nav', { headers, body: { sort: 'a' } })).status).to.equal(
            429,
          );
          expect(
            (await call(service, 'PATCH', '/api/streams/nav', { headers, body: { sort: 'x'.repeat(100) } })).status,
          ).to.equal(503);
        }),
      ).to.deep.equal({ unauthenticated: 1, 'quota-exceeded': 1, 'rate-limited': 1, overloaded: 1 });
      expect(
        await refusedDuring(open, async () => {
          expect((await rawRequest(open, 'GET', '/api/streams/nav', { host: 'evil.test' })).status).to.equal(421);
        }),
      ).to.deep.equal({ 'host-not-allowed': 1 });
    } finally {
      await service.close();
      await open.close();
    }
  });

  it("when the store is full or cannot serve, then storage-full and unavailable are counted; /readyz's 503 is the probe's answer, not a refusal", async () => {
    const dataFile = await freshDataFile();
    const store = await openLowdbStore(dataFile, { storeMaxBytes: 10 });
    const service = await startService({ dataFile, store });
    try {
      expect(
        await refusedDuring(service, async () => {
          expect(
            (await call(service, 'PATCH', '/api/streams/nav', { body: { sort: 'x'.repeat(100) } })).status,
          ).to.equal(507);
          await store.close();
          expect((await call(service, 'PATCH', '/api/streams/nav', { body: { sort: 'x' } })).status).to.equal(503);
          expect((await call(service, 'GET', '/readyz')).status).to.equal(503);
        }),
      ).to.deep.equal({ 'storage-full': 1, unavailable: 1 });
    } finally {
      await service.close().catch(() => {});
    }
  });
});
