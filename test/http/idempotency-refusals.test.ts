import { expect } from 'chai';
import { DEFAULT_LIMITS, storeQuotas, type Quotas } from '../../src/config/limits.js';
import { IDEMPOTENCY_KEYS } from '../../src/store/idempotency-key-records.js';
import { recordLine } from '../../src/store/records.js';
import { StoreUnavailableError, type Store } from '../../src/store/store.js';
import { call, type Reply } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { freshDataFile, openTestStore, startService, type Service } from '../helpers/service.js';
import { failingStore } from '../helpers/store-gates.js';

const stream = (overrides: Record<string, unknown> = {}) => ({ title: 'Launch', memberUserIds: ['ana'], ...overrides });
const create = (service: Service, body: unknown, key?: string) =>
  call(service, 'POST', '/api/streams', { body, headers: key === undefined ? {} : { 'idempotency-key': key } });
/** A distinct key of 255 characters, nearly all `%` (which a key made of the header's text would take thrice). */
const percentKey = (index: number) => `${'%'.repeat(255 - String(index).length)}${index}`;

function expectQuota(reply: Reply, quota: string, limit?: number, used?: number): void {
  expect(reply.status, JSON.stringify(reply.body)).to.equal(403);
  expect(reply.body).to.include({ type: 'urn:problem:collab:quota-exceeded', quota });
  if (limit !== undefined) expect(reply.body).to.include({ limit, used });
}

/** A service over a store the test keeps a hold of, with these quotas (the others at their defaults). */
async function serviceWith(quotas: Partial<Quotas>): Promise<Service & { store: Store }> {
  const store = await openTestStore(await freshDataFile(), {
    quotas: storeQuotas({ ...DEFAULT_LIMITS.quotas, ...quotas }),
  });
  return { ...(await startService({ store })), store };
}

/** The idempotency keys the store holds, and their bytes as stored (each record's line, key and value). */
async function keysIn(store: Store): Promise<{ keys: number; bytes: number }> {
  let [keys, bytes] = [0, 0];
  for await (const record of store.records!()) {
    if (record.collection !== IDEMPOTENCY_KEYS) continue;
    keys++;
    bytes += Buffer.byteLength(recordLine(record));
  }
  return { keys, bytes };
}

describe('POST /api/streams with an Idempotency-Key: what a refused, a failed and a kept create leave', function () {
  this.timeout(120_000); // some 250 creates in all: slow on PostgreSQL on a busy machine

  it('when a keyed create is refused as invalid (400), then it keeps no key: the same key with a valid body creates', async () => {
    const service = await startService();
    try {
      const key = uuid();
      expect((await create(service, { visibility: 'team' }, key)).status).to.equal(400);
      const created = await create(service, stream(), key);
      expect(created.status).to.equal(201);
      expect((await create(service, stream(), key)).body).to.deep.equal(created.body);
    } finally {
      await service.close();
    }
  });

  it('when keyed creates are refused by the streams quota (403), then none keeps its key: they never meet QUOTA_IDEMPOTENCY_KEYS, and a key comes back with another body refused for the quota again, not 422', async () => {
    const service = await serviceWith({ streams: 1, idempotencyKeys: 2 });
    try {
      expect((await create(service, stream())).status).to.equal(201);
      for (let index = 0; index < 5; index++)
        expectQuota(await create(service, stream(), `refused-${index}`), 'QUOTA_STREAMS', 1, 1);
      expectQuota(await create(service, stream({ title: 'Another' }), 'refused-0'), 'QUOTA_STREAMS');
      expect(await keysIn(service.store)).to.include({ keys: 0 });
    } finally {
      await service.close();
    }
  });

  for (const [status, failure] of [
    [503, () => new StoreUnavailableError('the disk is full')],
    [500, () => new Error('a bug')],
  ] as const) {
    it(`when a keyed create fails (${status}), then its key is kept for a retry: another body under it is 422, the same body creates the stream once`, async () => {
      const store = failingStore(await openTestStore(await freshDataFile()), 'streams', failure);
      const service = await startService({ store });
      try {
        const key = uuid();
        store.failNext();
        expect((await create(service, stream(), key)).status).to.equal(status);
        expect((await create(service, stream({ title: 'Another' }), key)).status).to.equal(422);
        const retried = await create(service, stream(), key);
        expect(retried.status).to.equal(201);
        expect((await create(service, stream(), key)).body).to.deep.equal(retried.body);
      } finally {
        await service.close();
      }
    });
  }

  it('when a user keeps QUOTA_IDEMPOTENCY_KEYS keys, then a create with a new key is 403 naming it and makes nothing; kept keys still replay, and creates without a key go on', async () => {
    const service = await serviceWith({ streams: 3, idempotencyKeys: 2 });
    try {
      const first = await create(service, stream(), 'first');
      expect([first.status, (await create(service, stream(), 'second')).status]).to.deep.equal([201, 201]);
      const refused = await create(service, stream(), 'third');
      expectQuota(refused, 'QUOTA_IDEMPOTENCY_KEYS', 2, 2);
      expect(refused.body.detail).to.contain('2 idempotency keys kept of the 2 allowed');
      expect((await create(service, stream(), 'first')).body).to.deep.equal(first.body);
      expect((await create(service, stream())).status, 'the third stream: the refused create made none').to.equal(201);
      expectQuota(await create(service, stream()), 'QUOTA_STREAMS', 3, 3);
    } finally {
      await service.close();
    }
  });

  it('when 100 keyed creates with 255-character keys of `%` meet QUOTA_BYTES=10kb and QUOTA_STREAMS=1 (the hostile keys benched, at a tenth), then one is created, 99 are refused and leave no key, and the keys take at most 15 KB', async () => {
    const service = await serviceWith({ bytes: 10 * 1024, streams: 1 });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 100; index++)
        statuses.push((await create(service, stream(), percentKey(index))).status);
      expect(statuses.filter((status) => status === 201)).to.have.length(1);
      expect(statuses.filter((status) => status === 403)).to.have.length(99);
      const kept = await keysIn(service.store);
      expect(kept.keys).to.equal(1);
      expect(kept.bytes).to.be.at.most(15 * 1024);
    } finally {
      await service.close();
    }
  });

  it('when keyed creates with 255-character keys of `%` fill QUOTA_BYTES=10kb, then the keys are charged as they are stored: they take at most 15 KB', async () => {
    const service = await serviceWith({ bytes: 10 * 1024 });
    try {
      let [created, reply] = [0, await create(service, stream(), percentKey(0))];
      while (reply.status === 201) reply = await create(service, stream(), percentKey(++created));
      expectQuota(reply, 'QUOTA_BYTES');
      expect(created).to.be.above(5);
      const kept = await keysIn(service.store);
      expect(kept.keys).to.equal(created);
      expect(kept.bytes).to.be.at.most(15 * 1024);
    } finally {
      await service.close();
    }
  });
});
