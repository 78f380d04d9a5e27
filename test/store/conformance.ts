import { expect } from 'chai';
import type { Store, StoreQuotas } from '../../src/store/store.js';
import { describeGroupsAndKeys } from './conformance-groups.js';
import { describeIdempotencyKeys } from './conformance-idempotency.js';
import { describeIdempotencyQuotas } from './conformance-idempotency-quotas.js';
import { describeQuotas } from './conformance-quotas.js';
import { describeQuotasAtOnce } from './conformance-quotas-at-once.js';
import { describeRecords as describeSnapshots } from './conformance-records.js';

export interface StoreUnderTest {
  /** A new, empty store (with `quotas`, counting records against their owners). */
  open(options?: { quotas?: StoreQuotas }): Promise<Store>;
  /** Why this store cannot be tested here (the suite is skipped), or undefined. */
  unavailable?(): Promise<string | undefined>;
}

/** What a test gets: a fresh store, closed after the test unless the test closed it. */
export interface Fixture {
  store: Store;
  close(): Promise<void>;
}

/**
 * The one suite every store passes: what handlers rely on, whatever keeps the data.
 * Run it from test/store/stores.test.ts with a line per store.
 */
export function describeStore(name: string, subject: StoreUnderTest): void {
  describe(`store conformance: ${name}`, function () {
    const fixture = {} as Fixture;
    let closed = false;
    before(async function () {
      if (await subject.unavailable?.()) this.skip();
    });
    beforeEach(async () => {
      closed = false;
      fixture.store = await subject.open();
      fixture.close = async () => {
        closed = true;
        await fixture.store.close();
      };
    });
    afterEach(async () => {
      if (!closed && fixture.store) await fixture.close();
    });

    describeRecords(fixture);
    describeGroupsAndKeys(fixture);
    describeQuotas(subject);
    describeQuotasAtOnce(subject);
    describeSnapshots(fixture);
    describeIdempotencyKeys(fixture, subject);
    describeIdempotencyQuotas(subject);

    describe('ping and close', () => {
      it('when the store is open, then ping resolves; once closed, ping rejects', async () => {
        await fixture.store.ping();
        await fixture.close();
        await expectRejection(fixture.store.ping());
      });
    });
  });
}

function describeRecords(fixture: Fixture): void {
  describe('get, update, delete', () => {
    it('when a key was never written, then get is undefined', async () => {
      expect(await fixture.store.get('streams', 'nothing')).to.equal(undefined);
    });
    it('when a record is created and replaced, then update reports previous and current, and get reads the latest', async () => {
      const { store } = fixture;
      expect(await store.update('streams', 's', () => ({ n: 1 }))).to.deep.equal({
        previous: undefined,
        current: { n: 1 },
      });
      expect(
        await store.update<{ n: number }>('streams', 's', (previous) => ({ n: (previous?.n ?? 0) + 1 })),
      ).to.deep.equal({ previous: { n: 1 }, current: { n: 2 } });
      expect(await store.get('streams', 's')).to.deep.equal({ n: 2 });
    });
    it('when writes are made in one turn of the event loop, then none is answered before that turn has ended (their answers go out together)', async () => {
      const { store } = fixture;
      const answered: string[] = [];
      const writes = ['a', 'b', 'c'].map((key) =>
        store.update('streams', key, () => ({ key })).then(() => answered.push(key)),
      );
      for (let microtask = 0; microtask < 20; microtask++) await Promise.resolve();
      expect(answered, 'answered within the turn they were made in').to.deep.equal([]);
      await Promise.all(writes);
      expect(answered).to.have.members(['a', 'b', 'c']);
    });
    it('when change returns undefined, then the record is deleted; deleting nothing is no error', async () => {
      const { store } = fixture;
      await store.update('streams', 's', () => 'kept');
      expect(await store.update('streams', 's', () => undefined)).to.deep.equal({
        previous: 'kept',
        current: undefined,
      });
      expect(await store.get('streams', 's')).to.equal(undefined);
      expect(await store.update('streams', 's', () => undefined)).to.deep.equal({
        previous: undefined,
        current: undefined,
      });
    });
    it('when the same key is in two collections, then they are two records', async () => {
      await fixture.store.update('streams', 'k', () => 'stream');
      await fixture.store.update('drafts', 'k', () => 'draft');
      expect([await fixture.store.get('streams', 'k'), await fixture.store.get('drafts', 'k')]).to.deep.equal([
        'stream',
        'draft',
      ]);
    });
    it('when change throws, then the update rejects with that very error and nothing changes', async () => {
      const { store } = fixture;
      await store.update('devices', 'kept', () => ({ v: 1 }), { group: 'g' });
      const thrown = new Error('refused by the change');
      for (const key of ['kept', 'new']) {
        const failure = await store
          .update(
            'devices',
            key,
            () => {
              throw thrown;
            },
            { group: 'other' },
          )
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(failure).to.equal(thrown);
      }
      expect(await store.get('devices', 'kept')).to.deep.equal({ v: 1 });
      expect(await store.get('devices', 'new')).to.equal(undefined);
      expect(await store.list('devices', 'g', { limit: 10 })).to.deep.equal([{ key: 'kept', value: { v: 1 } }]);
      expect(await store.list('devices', 'other', { limit: 10 })).to.deep.equal([]);
    });
    it('when values of every JSON kind are stored, then they read back equal, members in the order written', async () => {
      const value = {
        text: 'a\u0000b\ud800c\udfffd \u{1F600} é "quoted" \\ \n',
        zero: 0,
        negative: -1.5,
        big: 2 ** 53,
        tiny: 5e-324,
        yes: true,
        no: false,
        nothing: null,
        list: [1, 'two', [3], { four: 4 }, null],
        nested: { deeper: { deepest: [] } },
        ['__proto__']: { polluted: true },
        constructor: 'data',
        z: 1,
        a: 2,
      };
      await fixture.store.update('identitySettings', 'v', () => value);
      const read = await fixture.store.get<typeof value>('identitySettings', 'v');
      expect(read).to.deep.equal(value);
      expect(Object.keys(read!)).to.deep.equal(Object.keys(value));
      expect(Object.getPrototypeOf(read)).to.equal(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
      for (const scalar of ['', 'text', 0, 1.25, true, false, null, []]) {
        await fixture.store.update('navigation', 'scalar', () => scalar);
        expect(await fixture.store.get('navigation', 'scalar')).to.deep.equal(scalar);
      }
    });
    it('when a 256 KiB document is stored, then it reads back whole', async () => {
      const value = {
        settings: Object.fromEntries(Array.from({ length: 8_000 }, (_, i) => [`key-${i}`, 'x'.repeat(20)])),
      };
      await fixture.store.update('identitySettings', 'big', () => value);
      expect(await fixture.store.get('identitySettings', 'big')).to.deep.equal(value);
    });
    it('when 40 updates of one key run at once, then they are serialised: each sees the one before, and none is lost', async () => {
      const seen: number[] = [];
      await Promise.all(
        Array.from({ length: 40 }, () =>
          fixture.store.update<number>('notificationSettings', 'counter', (previous) => {
            seen.push(previous ?? 0);
            return (previous ?? 0) + 1;
          }),
        ),
      );
      expect(await fixture.store.get('notificationSettings', 'counter')).to.equal(40);
      expect([...seen].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 40 }, (_, i) => i));
    });
    it('when 20 updates race, each only over the value all read before (If-Match), then exactly one changes it and the rest refuse', async () => {
      await fixture.store.update('drafts', 'd', () => ({ version: 0 }));
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, writer) =>
          fixture.store
            .update<{ version: number; writer?: number }>('drafts', 'd', (previous) => {
              if (previous?.version !== 0) throw new Error('stale');
              return { version: 1, writer };
            })
            .then(
              () => 'changed',
              () => 'refused',
            ),
        ),
      );
      expect([...replies].sort()).to.deep.equal(['changed', ...Array<string>(19).fill('refused')]);
      expect(await fixture.store.get('drafts', 'd')).to.have.property('version', 1);
    });
  });
}

export async function expectRejection(promise: Promise<unknown>): Promise<unknown> {
  const outcome = await promise.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  expect(outcome, 'rejected').to.be.instanceOf(Error);
  return outcome;
}
