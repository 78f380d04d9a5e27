import { expect } from 'chai';
import {
  claimKey,
  completeKey,
  expiryGroup,
  forgetKey,
  type Claim,
  type KeyRecord,
  type KeyRequest,
} from '../../src/edge/idempotency/keys.js';
import { IDEMPOTENCY_KEYS, recordKeyOf } from '../../src/store/idempotency-key-records.js';
import { sweepKeys } from '../../src/edge/idempotency/sweep.js';
import { keyOf, QuotaExceededError, type Store, type StoreQuotas } from '../../src/store/store.js';
import type { StoreUnderTest } from './conformance.js';

const T = Date.parse('2026-03-01T10:20:00.000Z');
const TTL = 24 * 3_600_000;
/** Every id the same length, so every claim's record takes the same bytes. */
const request = (overrides: Partial<KeyRequest> = {}): KeyRequest => ({
  user: 'u',
  key: 'k',
  operation: 'createStream',
  fingerprint: 'f1',
  now: T,
  ttlMs: TTL,
  leaseMs: 60_000,
  newId: () => 'an-id-of-fixed-length',
  ...overrides,
});
const quotas = (overrides: Partial<StoreQuotas>): StoreQuotas => ({
  records: {},
  recordsPerGroup: {},
  bytes: 1e9,
  ...overrides,
});

function claimed(claim: Claim): Extract<Claim, { outcome: 'claimed' }> {
  expect(claim.outcome).to.equal('claimed');
  return claim as Extract<Claim, { outcome: 'claimed' }>;
}

async function refusal(promise: Promise<unknown>): Promise<QuotaExceededError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome, 'refused for a quota').to.be.instanceOf(QuotaExceededError);
  return outcome as QuotaExceededError;
}

/** Idempotency keys against their user's quotas, on every store: charged in full, counted, forgotten when refused. */
export function describeIdempotencyQuotas(subject: StoreUnderTest): void {
  describe('idempotency keys and quotas', () => {
    const opened: Store[] = [];
    const open = async (options: Partial<StoreQuotas>) => {
      const store = await subject.open({ quotas: quotas(options) });
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    it("when a key is of 255 `%`, then its record's key is as long as any other's, and the claim is charged that key and its value, exactly", async () => {
      const plain = await open({});
      claimed(await claimKey(plain, request({ key: 'k'.repeat(255) })));
      const value = await plain.get<KeyRecord>(IDEMPOTENCY_KEYS, recordKeyOf('u', 'k'.repeat(255)));
      const key = recordKeyOf('u', '%'.repeat(255));
      expect(key).to.have.length(recordKeyOf('u', 'k').length);
      const charge = Buffer.byteLength(JSON.stringify(value)) + Buffer.byteLength(key);
      const exact = await open({ bytes: charge });
      claimed(await claimKey(exact, request({ key: '%'.repeat(255) })));
      const short = await open({ bytes: charge - 1 });
      const refused = await refusal(claimKey(short, request({ key: '%'.repeat(255) })));
      expect(refused).to.include({ kind: 'bytes', collection: IDEMPOTENCY_KEYS, used: 0 });
      expect(await short.get(IDEMPOTENCY_KEYS, key)).to.equal(undefined);
    });

    it('when a user keeps as many keys as their quota, then a new key is refused and stores nothing; their keys still answer, other users claim theirs, and a sweep makes room', async () => {
      const store = await open({ records: { idempotencyKeys: 2 } });
      const first = claimed(await claimKey(store, request({ key: 'a' })));
      await completeKey(store, first.hold, { status: 201, body: { id: 's1' } });
      claimed(await claimKey(store, request({ key: 'b', now: T + 3_600_000 })));
      const refused = await refusal(claimKey(store, request({ key: 'c' })));
      expect(refused).to.include({ kind: 'records', collection: IDEMPOTENCY_KEYS, limit: 2, used: 2 });
      expect(await store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', 'c'))).to.equal(undefined);
      expect((await claimKey(store, request({ key: 'a', now: T + 1 }))).outcome).to.equal('replay');
      claimed(await claimKey(store, request({ user: 'v', key: 'c' })));
      await sweepKeys(store, { from: T, now: T + TTL + 3_600_000 }); // a's hour has passed, b's not
      claimed(await claimKey(store, request({ key: 'c', now: T + TTL + 3_600_000 })));
    });

    it('when a refused attempt forgets its key, then the key and its charge are gone: the same key is claimed anew, with a new resource id', async () => {
      const plain = await open({});
      claimed(await claimKey(plain, request()));
      const charge =
        Buffer.byteLength(JSON.stringify(await plain.get(IDEMPOTENCY_KEYS, recordKeyOf('u', 'k')))) +
        Buffer.byteLength(recordKeyOf('u', 'k'));
      const store = await open({ records: { idempotencyKeys: 1 }, bytes: charge });
      let ids = 0;
      const fresh = () => `id-${String(++ids).padStart(18, '0')}`; // as long as request()'s ids
      const refusedAttempt = claimed(await claimKey(store, request({ newId: fresh })));
      await forgetKey(store, refusedAttempt.hold);
      expect(await store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', 'k'))).to.equal(undefined);
      const again = claimed(await claimKey(store, request({ fingerprint: 'f2', now: T + 1, newId: fresh })));
      expect(again.resourceId).to.not.equal(refusedAttempt.resourceId);
    });

    it('when an attempt that no longer holds its key forgets it, then the key of the attempt that took it over stays', async () => {
      const store = await open({});
      const first = claimed(await claimKey(store, request()));
      const second = claimed(await claimKey(store, request({ now: T + 60_000, newId: () => 'another-id-of-length' })));
      await forgetKey(store, first.hold);
      expect(await store.get<KeyRecord>(IDEMPOTENCY_KEYS, recordKeyOf('u', 'k'))).to.include({
        attempt: second.hold.attempt,
      });
    });

    it("when a key is in an earlier build's form (the user and the key itself), then it is charged its value alone, and swept as before", async () => {
      const kept: KeyRecord = {
        operation: 'createStream',
        fingerprint: 'f1',
        expiresAt: new Date(T).toISOString(),
        resourceId: 'r',
        attempt: 'a',
        answer: { status: 201, body: { id: 'r' } },
      };
      const valueBytes = Buffer.byteLength(JSON.stringify(kept));
      const store = await open({ bytes: valueBytes });
      const placement = { owner: 'u', group: expiryGroup(T) };
      await refusal(store.update(IDEMPOTENCY_KEYS, recordKeyOf('u', 'k'), () => kept, placement)); // V and its key
      await store.update(IDEMPOTENCY_KEYS, keyOf('u', '%'.repeat(255)), () => kept, placement); // V: exactly the quota
      expect(await sweepKeys(store, { from: T, now: T + 3_600_000 })).to.include({ swept: 1 });
      await store.update(IDEMPOTENCY_KEYS, keyOf('u', 'other'), () => kept, placement); // its room is back
    });
  });
}
