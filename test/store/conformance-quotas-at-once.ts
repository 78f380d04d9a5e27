import { expect } from 'chai';
import { QuotaExceededError, type Change, type Store, type StoreQuotas } from '../../src/store/store.js';
import { sized } from './conformance-quotas.js';
import type { StoreUnderTest } from './conformance.js';

const QUOTAS: StoreQuotas = { records: { devices: 5 }, recordsPerGroup: { readMarkers: 5 }, bytes: 100 };

/** Settles updates started in the same tick (so a batching store takes them in one batch); every failure must be a quota's. */
export async function together(
  updates: Promise<Change<unknown>>[],
): Promise<{ admitted: number; refused: QuotaExceededError[] }> {
  const outcomes = await Promise.allSettled(updates);
  const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  for (const reason of refused) expect(reason, 'refused for a quota').to.be.instanceOf(QuotaExceededError);
  return { admitted: outcomes.length - refused.length, refused: refused as QuotaExceededError[] };
}

const times = <T>(count: number, make: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, index) => make(index));

/** Quotas when many changes arrive at once: each is counted as if alone, in arrival order, and a refused one counts nothing. */
export function describeQuotasAtOnce(subject: StoreUnderTest): void {
  describe('quotas, many changes at once', () => {
    let store: Store;
    beforeEach(async () => {
      store = await subject.open({ quotas: QUOTAS });
    });
    afterEach(async () => {
      await store.close();
    });

    it('when 50 new records of 50 owners join one group at once, then exactly the free places are taken, and each refusal says the group is full', async () => {
      for (const held of [0, 1, 4, 5]) {
        const group = `s${held}`;
        for (const index of times(held, (index) => index))
          await store.update('readMarkers', `${group}-held-${index}`, () => sized(10), { group, owner: 'p' });
        const { admitted, refused } = await together(
          times(50, (index) =>
            store.update('readMarkers', `${group}-new-${index}`, () => sized(10), { group, owner: `o${index}` }),
          ),
        );
        expect(admitted, `group holding ${held}`).to.equal(5 - held);
        for (const refusal of refused)
          expect(refusal).to.include({ kind: 'group', collection: 'readMarkers', limit: 5, used: 5 });
        expect(await store.list('readMarkers', group, { limit: 100 })).to.have.length(5);
      }
    });

    it('when one owner creates 50 records at once, then exactly the free places of the per-owner quota are taken', async () => {
      for (const held of [0, 1, 5]) {
        const owner = `u${held}`;
        for (const index of times(held, (index) => index))
          await store.update('devices', `${owner}-held-${index}`, () => sized(10), { group: owner, owner });
        const { admitted, refused } = await together(
          times(50, (index) =>
            store.update('devices', `${owner}-new-${index}`, () => sized(10), { group: owner, owner }),
          ),
        );
        expect(admitted, `owner keeping ${held}`).to.equal(5 - held);
        for (const refusal of refused)
          expect(refusal).to.include({ kind: 'records', collection: 'devices', limit: 5, used: 5 });
        expect(await store.list('devices', owner, { limit: 100 })).to.have.length(5);
      }
    });

    it('when one owner writes 51 values at once, the first too big, then it alone is refused and the rest fill the bytes quota exactly', async () => {
      await store.update('streams', 'held', () => sized(20), { group: 'b', owner: 'b' });
      const tooBig = store.update('streams', 'big', () => sized(90), { group: 'b', owner: 'b' });
      const { admitted, refused } = await together([
        tooBig,
        ...times(50, (index) => store.update('streams', `new-${index}`, () => sized(10), { group: 'b', owner: 'b' })),
      ]);
      expect(admitted).to.equal(8); // 20 + 8 × 10 = 100
      expect(refused[0]).to.include({ kind: 'bytes', collection: 'streams', limit: 100, used: 20 });
      for (const refusal of refused.slice(1)) expect(refusal).to.include({ kind: 'bytes', limit: 100, used: 100 });
      const kept = await store.list('streams', 'b', { limit: 100 });
      expect(kept.reduce((bytes, { value }) => bytes + JSON.stringify(value).length, 0)).to.equal(100);
    });

    it('when changes at once leave, join and replace in a full group, then each sees the places the ones before it freed or took', async () => {
      for (const key of ['m1', 'm2', 'm3', 'm4', 'm5'])
        await store.update('readMarkers', key, () => sized(10), { group: 's', owner: key });
      const marker = (key: string, group = 's') =>
        store.update('readMarkers', key, () => sized(10), { group, owner: key });
      const outcomes = await Promise.allSettled([
        store.update('readMarkers', 'm1', () => undefined),
        marker('n1'),
        marker('n2'),
        marker('m2', 't'),
        marker('n3'),
        marker('m3'),
        marker('m2'),
        marker('n4'),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).to.deep.equal([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'rejected',
      ]);
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(outcome.reason).to.include({ kind: 'group', limit: 5, used: 5 });
      expect((await store.list('readMarkers', 's', { limit: 100 })).map((entry) => entry.key)).to.deep.equal([
        'm3',
        'm4',
        'm5',
        'n1',
        'n3',
      ]);
      expect((await store.list('readMarkers', 't', { limit: 100 })).map((entry) => entry.key)).to.deep.equal(['m2']);
    });
  });
}
