import { expect } from 'chai';
import {
  claimKey,
  completeKey,
  releaseKey,
  type Answer,
  type Claim,
  type KeyRecord,
  type KeyRequest,
} from '../../src/edge/idempotency/keys.js';
import { IDEMPOTENCY_KEYS, recordKeyOf } from '../../src/store/idempotency-key-records.js';
import { sweepKeys } from '../../src/edge/idempotency/sweep.js';
import { QuotaExceededError } from '../../src/store/store.js';
import type { Fixture, StoreUnderTest } from './conformance.js';

const T = Date.parse('2026-03-01T10:20:00.000Z');
const TTL = 24 * 3_600_000;
const LEASE = 60_000;
let ids = 0;
const request = (overrides: Partial<KeyRequest> = {}): KeyRequest => ({
  user: 'u',
  key: 'k',
  operation: 'createStream',
  fingerprint: 'f1',
  now: T,
  ttlMs: TTL,
  leaseMs: LEASE,
  newId: () => `id-${++ids}`,
  ...overrides,
});
const answer: Answer = { status: 201, location: '/api/streams/s1', body: { id: 's1', title: 'Plan', members: ['u'] } };

function claimed(claim: Claim): Extract<Claim, { outcome: 'claimed' }> {
  expect(claim.outcome).to.equal('claimed');
  return claim as Extract<Claim, { outcome: 'claimed' }>;
}

/** Idempotency keys (src/edge/idempotency/keys.ts) on every store: claims are atomic, answers kept exactly, expired keys swept. */
export function describeIdempotencyKeys(fixture: Fixture, subject: StoreUnderTest): void {
  describe('idempotency keys', () => {
    it('when a key is claimed, then a repeat is in flight until its lease passes, and exactly then takes it over with the same resource id', async () => {
      const first = claimed(await claimKey(fixture.store, request()));
      expect(await claimKey(fixture.store, request({ now: T + LEASE - 1 }))).to.deep.equal({ outcome: 'in-flight' });
      const second = claimed(await claimKey(fixture.store, request({ now: T + LEASE })));
      expect(second.resourceId).to.equal(first.resourceId);
      expect(second.hold.attempt).to.not.equal(first.hold.attempt);
    });

    it('when a claim is completed, then every repeat replays its answer exactly, and the record keeps it', async () => {
      const { hold } = claimed(await claimKey(fixture.store, request()));
      await completeKey(fixture.store, hold, answer);
      expect(await claimKey(fixture.store, request({ now: T + 1 }))).to.deep.equal({ outcome: 'replay', answer });
      expect(await claimKey(fixture.store, request({ now: T + LEASE * 10 }))).to.deep.equal({
        outcome: 'replay',
        answer,
      });
      const stored = await fixture.store.get<KeyRecord>(IDEMPOTENCY_KEYS, recordKeyOf('u', 'k'));
      expect(stored).to.deep.include({
        operation: 'createStream',
        fingerprint: 'f1',
        expiresAt: '2026-03-02T10:20:00.000Z',
        answer,
      });
      expect(stored).to.not.have.property('leaseUntil');
    });

    it('when a repeat carries another request or operation, then the key is reused, in flight or done, and nothing changes', async () => {
      const { hold } = claimed(await claimKey(fixture.store, request()));
      const before = await fixture.store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', 'k'));
      expect(await claimKey(fixture.store, request({ fingerprint: 'f2' }))).to.deep.equal({ outcome: 'reused' });
      expect(await claimKey(fixture.store, request({ operation: 'createOther' }))).to.deep.equal({ outcome: 'reused' });
      expect(await fixture.store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', 'k'))).to.deep.equal(before);
      await completeKey(fixture.store, hold, answer);
      expect(await claimKey(fixture.store, request({ fingerprint: 'f2', now: T + 5 }))).to.deep.equal({
        outcome: 'reused',
      });
    });

    it('when the time to live passes, then the key starts a new request: a replay a millisecond before, a new resource exactly at it', async () => {
      const first = claimed(await claimKey(fixture.store, request()));
      await completeKey(fixture.store, first.hold, answer);
      expect(await claimKey(fixture.store, request({ fingerprint: 'f2', now: T + TTL - 1 }))).to.deep.equal({
        outcome: 'reused',
      });
      const again = claimed(await claimKey(fixture.store, request({ fingerprint: 'f2', now: T + TTL })));
      expect(again.resourceId).to.not.equal(first.resourceId);
    });

    it('when keys are the same for two users, then each has its own', async () => {
      claimed(await claimKey(fixture.store, request({ user: 'u' })));
      claimed(await claimKey(fixture.store, request({ user: 'v', fingerprint: 'other' })));
    });

    it('when 20 claims of one key race, then exactly one holds it and the others are in flight', async () => {
      const claims = await Promise.all(Array.from({ length: 20 }, () => claimKey(fixture.store, request())));
      expect(claims.map((claim) => claim.outcome).sort()).to.deep.equal([
        'claimed',
        ...Array<string>(19).fill('in-flight'),
      ]);
    });

    it('when a claim is released, then a repeat takes it over at once with the same resource id; a release of a superseded attempt changes nothing', async () => {
      const first = claimed(await claimKey(fixture.store, request()));
      await releaseKey(fixture.store, first.hold);
      const second = claimed(await claimKey(fixture.store, request({ now: T + 1 })));
      expect(second.resourceId).to.equal(first.resourceId);
      await releaseKey(fixture.store, first.hold);
      await completeKey(fixture.store, first.hold, { ...answer, status: 299 });
      expect(await claimKey(fixture.store, request({ now: T + 2 }))).to.deep.equal({ outcome: 'in-flight' });
    });

    it('when the hour a key expires in has passed, then a sweep deletes it; keys expiring later stay', async () => {
      claimed(await claimKey(fixture.store, request({ key: 'early' })));
      claimed(await claimKey(fixture.store, request({ key: 'late', now: T + 3_600_000 })));
      const hour = Date.parse('2026-03-02T10:00:00.000Z');
      expect(await sweepKeys(fixture.store, { from: hour, now: hour + 3_600_000 - 1 })).to.deep.equal({
        swept: 0,
        next: hour,
      });
      expect(await sweepKeys(fixture.store, { from: hour - 7_200_000, now: hour + 3_600_000 })).to.deep.equal({
        swept: 1,
        next: hour + 3_600_000,
      });
      expect(await fixture.store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', 'early'))).to.equal(undefined);
      expect(await fixture.store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', 'late'))).to.not.equal(undefined);
    });

    it('when keys count against their user, then a claim past the bytes quota is refused and stores nothing; a sweep frees the room', async () => {
      const store = await subject.open({ quotas: { records: {}, recordsPerGroup: {}, bytes: 600 } });
      try {
        const big = { ...answer, body: { text: 'x'.repeat(250) } };
        const { hold } = claimed(await claimKey(store, request({ key: 'a' })));
        await completeKey(store, hold, big);
        const refused = await claimKey(store, request({ key: 'b', fingerprint: 'x'.repeat(300) })).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refused)
          .to.be.instanceOf(QuotaExceededError)
          .and.include({ kind: 'bytes', collection: IDEMPOTENCY_KEYS });
        expect(await store.get(IDEMPOTENCY_KEYS, recordKeyOf('u', 'b'))).to.equal(undefined);
        await sweepKeys(store, { from: T, now: T + TTL + 3_600_000 });
        claimed(await claimKey(store, request({ key: 'b', fingerprint: 'x'.repeat(300), now: T + TTL })));
      } finally {
        await store.close();
      }
    });
  });
}
