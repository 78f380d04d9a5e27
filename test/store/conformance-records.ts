import { expect } from 'chai';
import type { Store, StoredRecord } from '../../src/store/store.js';
import { COLLECTIONS } from '../../src/store/store.js';
import type { Fixture } from './conformance.js';
import { ODD_KEYS } from './conformance-groups.js';

async function all(records: AsyncIterable<StoredRecord>): Promise<StoredRecord[]> {
  const read: StoredRecord[] = [];
  for await (const record of records) read.push(record);
  return read;
}

/** The same records, made in dump order: collections as COLLECTIONS lists them, keys by code unit. */
function inDumpOrder(records: StoredRecord[]): StoredRecord[] {
  return [...records].sort(
    (a, b) =>
      COLLECTIONS.indexOf(a.collection) - COLLECTIONS.indexOf(b.collection) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

async function put(store: Store, record: StoredRecord): Promise<void> {
  await store.update(record.collection, record.key, () => record.value, { group: record.group, owner: record.owner });
}

/** A few records of every collection, with odd keys, some grouped, some owned. */
function someRecords(): StoredRecord[] {
  return COLLECTIONS.flatMap((collection, index) =>
    ODD_KEYS.slice(index, index + 12).map((key, at): StoredRecord => ({
      collection,
      key,
      ...(at % 3 === 0 ? {} : { group: `g${at % 2}\u00e9/${key}` }),
      ...(at % 4 === 0 ? {} : { owner: `owner ${at % 3}` }),
      value: { at, key, text: 'caf\u00e9 \u{1F600}' },
    })),
  );
}

/** records(): every store gives the same snapshot, in dump order, unaffected by changes made while it is read. */
export function describeRecords(fixture: Fixture): void {
  describe('records (a snapshot for dumps)', () => {
    it('when records of every collection are stored, then records() gives each once in dump order, with its group and owner', async () => {
      const { store } = fixture;
      if (!store.records) return expect.fail('the store gives no records()');
      const records = someRecords();
      for (const record of [...records].reverse()) await put(store, record);
      await store.update('streams', 'deleted', () => ({ gone: true }));
      await store.update('streams', 'deleted', () => undefined);
      expect(await all(store.records())).to.deep.equal(inDumpOrder(records));
    });

    it('when records change while records() is read, then it gives them as they were when it started', async () => {
      const { store } = fixture;
      if (!store.records) return expect.fail('the store gives no records()');
      const records = someRecords();
      for (const record of records) await put(store, record);
      const iterator = store.records()[Symbol.asyncIterator]();
      const read = [(await iterator.next()).value as StoredRecord];
      // Change records already read and records still to come, in every collection: replace, delete, create.
      for (const [index, record] of records.entries()) {
        if (index % 3 === 0)
          await store.update(record.collection, record.key, () => ({ changed: true }), {
            group: 'moved',
            owner: 'someone else',
          });
        if (index % 3 === 1) await store.update(record.collection, record.key, () => undefined);
      }
      for (const collection of COLLECTIONS)
        await store.update(collection, `new in ${collection}`, () => 1, { group: 'g1' });
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) read.push(next.value);
      expect(read).to.deep.equal(inDumpOrder(records));
      const after = await all(store.records());
      expect(after.filter((record) => record.key.startsWith('new in '))).to.have.length(COLLECTIONS.length);
    });

    it('when the store is empty, then records() gives nothing', async () => {
      expect(await all(fixture.store.records!())).to.deep.equal([]);
    });
  });
}
