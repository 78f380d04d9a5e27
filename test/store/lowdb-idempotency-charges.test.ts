import { expect } from 'chai';
import { claimKey, expiryGroup, type KeyRequest } from '../../src/edge/idempotency/keys.js';
import { IDEMPOTENCY_KEYS, recordKeyOf } from '../../src/store/idempotency-key-records.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { keyOf, QuotaExceededError, type StoreQuotas } from '../../src/store/store.js';
import { freshDataFile } from '../helpers/service.js';

const T = Date.parse('2026-03-01T10:20:00.000Z');
const request = (key: string): KeyRequest => ({
  user: 'u',
  key,
  operation: 'createStream',
  fingerprint: 'f1',
  now: T,
  ttlMs: 3_600_000,
  leaseMs: 60_000,
  newId: () => 'r',
});
const quotas = (bytes: number): StoreQuotas => ({ records: {}, recordsPerGroup: {}, bytes });

describe('lowdb store: idempotency keys charged from its files', () => {
  it("when a file holding keys of both forms is opened again, then each is charged as when it was written: this build's its key and value, an earlier build's its value", async () => {
    const dataFile = await freshDataFile();
    const earlier = { operation: 'createStream', fingerprint: 'f0', expiresAt: new Date(T).toISOString() };
    let store = await openLowdbStore(dataFile, { quotas: quotas(1e9) });
    expect((await claimKey(store, request('%'.repeat(255)))).outcome).to.equal('claimed');
    await store.update(IDEMPOTENCY_KEYS, keyOf('u', '%'.repeat(255)), () => earlier, {
      owner: 'u',
      group: expiryGroup(T),
    });
    const claim = await store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', '%'.repeat(255)));
    await store.close();
    const charged =
      Buffer.byteLength(JSON.stringify(claim)) +
      Buffer.byteLength(recordKeyOf('u', '%'.repeat(255))) +
      Buffer.byteLength(JSON.stringify(earlier));
    store = await openLowdbStore(dataFile, { quotas: quotas(charged) });
    try {
      const refused = await claimKey(store, request('another')).catch((error: unknown) => error);
      expect(refused).to.be.instanceOf(QuotaExceededError).and.include({ kind: 'bytes', used: charged });
    } finally {
      await store.close();
    }
  });
});
