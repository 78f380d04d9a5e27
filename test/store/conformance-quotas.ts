import { expect } from 'chai';
import { QuotaExceededError, type Store, type StoreQuotas } from '../../src/store/store.js';
import type { StoreUnderTest } from './conformance.js';

const QUOTAS: StoreQuotas = { records: { devices: 2, streams: 3 }, recordsPerGroup: { readMarkers: 2 }, bytes: 100 };

/** A value whose compact JSON takes exactly `bytes`: `{"p":"xx…"}`. */
export const sized = (bytes: number) => ({ p: 'x'.repeat(bytes - '{"p":""}'.length) });

async function refusal(promise: Promise<unknown>): Promise<QuotaExceededError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome, 'refused for a quota').to.be.instanceOf(QuotaExceededError);
  return outcome as QuotaExceededError;
}

/** Quotas: every store counts records against their owner the same way, exactly at the limit. */
export function describeQuotas(subject: StoreUnderTest): void {
  describe('quotas', () => {
    let store: Store;
    beforeEach(async () => {
      store = await subject.open({ quotas: QUOTAS });
    });
    afterEach(async () => {
      await store.close();
    });

    it('when an owner keeps as many records as the quota allows, then one more is refused and not stored; others and replacements pass', async () => {
      await store.update('devices', 'a', () => sized(10), { group: 'u', owner: 'u' });
      await store.update('devices', 'b', () => sized(10), { group: 'u', owner: 'u' });
      const refused = await refusal(store.update('devices', 'c', () => sized(10), { group: 'u', owner: 'u' }));
      expect(refused).to.include({ kind: 'records', collection: 'devices', limit: 2, used: 2 });
      expect(await store.get('devices', 'c')).to.equal(undefined);
      expect(await store.list('devices', 'u', { limit: 10 })).to.have.length(2);
      await store.update('devices', 'a', () => sized(12), { group: 'u', owner: 'u' }); // a replacement adds no record
      await store.update('devices', 'c', () => sized(10), { group: 'v', owner: 'v' }); // another owner
      await store.update('devices', 'b', () => undefined); // a deletion frees one
      await store.update('devices', 'd', () => sized(10), { group: 'u', owner: 'u' });
    });

    it('when a record moves to another owner, then it counts against the new one only', async () => {
      await store.update('devices', 'a', () => sized(10), { group: 'u', owner: 'u' });
      await store.update('devices', 'b', () => sized(10), { group: 'u', owner: 'u' });
      await store.update('devices', 'b', () => sized(10), { group: 'v', owner: 'v' });
      await store.update('devices', 'c', () => sized(10), { group: 'u', owner: 'u' }); // u keeps a and c
      await refusal(store.update('devices', 'd', () => sized(10), { group: 'u', owner: 'u' }));
    });

    it('when a group holds as many records as its quota allows, then one more in it is refused; in another group it passes', async () => {
      await store.update('readMarkers', 'm1', () => sized(10), { group: 's', owner: 'u' });
      await store.update('readMarkers', 'm2', () => sized(10), { group: 's', owner: 'u' });
      expect(await refusal(store.update('readMarkers', 'm3', () => sized(10), { group: 's', owner: 'u' }))).to.include({
        kind: 'group',
        limit: 2,
        used: 2,
      });
      await store.update('readMarkers', 'm2', () => sized(12), { group: 's', owner: 'u' });
      await store.update('readMarkers', 'm3', () => sized(10), { group: 't', owner: 'u' });
    });

    it('when an owner keeps exactly the bytes quota, then a byte more is refused, and a change that does not grow passes', async () => {
      await store.update('streams', 'a', () => sized(60), { owner: 'u' });
      await store.update('streams', 'b', () => sized(40), { owner: 'u' }); // 100: exactly the quota
      expect(await refusal(store.update('streams', 'c', () => sized(8), { owner: 'u' }))).to.include({
        kind: 'bytes',
        limit: 100,
        used: 100,
      });
      expect(await refusal(store.update('streams', 'b', () => sized(41), { owner: 'u' }))).to.include({
        kind: 'bytes',
      });
      expect(await store.get('streams', 'b')).to.deep.equal(sized(40));
      await store.update('streams', 'b', () => sized(30), { owner: 'u' }); // shrinks: 90
      await store.update('streams', 'c', () => sized(10), { owner: 'u' }); // 100 again
      await store.update('streams', 'c', () => sized(9), { owner: 'w' }); // another owner's bytes
    });

    it('when a change throws, then nothing of it is counted', async () => {
      await store.update('devices', 'a', () => sized(10), { group: 'u', owner: 'u' });
      await store
        .update(
          'devices',
          'b',
          () => {
            throw new Error('refused');
          },
          { group: 'u', owner: 'u' },
        )
        .catch(() => {});
      await store.update('devices', 'b', () => sized(10), { group: 'u', owner: 'u' });
    });

    it('when records have no owner, then they count against no one', async () => {
      for (const key of ['a', 'b', 'c', 'd']) await store.update('devices', key, () => sized(90), { group: 'g' });
    });
  });
}
