import { expect } from 'chai';
import { SHARDS } from '../../src/store/lowdb/engine/manifest.js';
import { shardNumber } from '../../src/store/lowdb/engine/shards.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { QuotaExceededError, type Store, type StoreQuotas } from '../../src/store/store.js';
import { runThenKill } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

// The group index keeps no map from key to group: where a record was filed comes from its own text. After a
// reopen the index is rebuilt from the files, and a move or a delete must still take the record out of its group.
describe('lowdb: a record filed before a reopen moves and leaves its group after it', () => {
  it('when a record filed under one group is reopened, then moved to another and another deleted, then each list holds what is there now', async () => {
    const dataFile = await freshDataFile();
    const first = await openLowdbStore(dataFile);
    await first.update('devices', 'a', () => ({ n: 1 }), { group: 'alice' });
    await first.update('devices', 'b', () => ({ n: 2 }), { group: 'alice' });
    await first.update('devices', 'c', () => ({ n: 3 }), { group: 'alice' });
    await first.close();

    const second = await openLowdbStore(dataFile);
    try {
      await second.update('devices', 'a', () => ({ n: 4 }), { group: 'bob' });
      await second.update('devices', 'b', () => undefined, { group: 'alice' });
      await second.update('devices', 'c', () => ({ n: 5 }), { group: 'alice' }); // the same group: stays once
      const keys = async (group: string) =>
        (await second.list('devices', group, { limit: 10 })).map(({ key, value }) => [key, value]);
      expect(await keys('alice')).to.deep.equal([['c', { n: 5 }]]);
      expect(await keys('bob')).to.deep.equal([['a', { n: 4 }]]);
    } finally {
      await second.close();
    }
  });
});

// A shard's lines are parsed together, and each record takes its key as that parse named its member; names like
// array indexes come first in such an object, out of the lines' order.
describe('lowdb: keys that look like array indexes, reopened', () => {
  it('when a shard holds "x" and then keys like array indexes, then after a reopen each is read back under its own key', async () => {
    const shard = shardNumber('x', SHARDS);
    const numbers: string[] = [];
    for (let n = 1000; numbers.length < 3; n--) if (shardNumber(String(n), SHARDS) === shard) numbers.push(String(n));
    const keys = ['x', ...numbers]; // in the file in this order; parsed together, the numbers come first, ascending
    const dataFile = await freshDataFile();
    const first = await openLowdbStore(dataFile);
    for (const [n, key] of keys.entries()) await first.update('devices', key, () => ({ n }), { group: 'alice' });
    await first.close();

    const second = await openLowdbStore(dataFile);
    try {
      for (const [n, key] of keys.entries()) expect(await second.get('devices', key), key).to.deep.equal({ n });
      const listed = (await second.list('devices', 'alice', { limit: 10 })).map(({ key }) => key);
      expect(listed).to.deep.equal([...keys].sort());
    } finally {
      await second.close();
    }
  });
});

// A group's count for its quota is what the group index files under it, rebuilt on load: a group of one key is filed
// by a hash of its name, a larger one by name, and both must count after a reopen, from the shards and from the journal.
describe('lowdb: a group quota after a reopen', () => {
  const quotas: StoreQuotas = { records: {}, recordsPerGroup: { readMarkers: 2 }, bytes: 1_000_000 };
  const marker = (store: Store, key: string, group: string) =>
    store.update('readMarkers', key, () => ({ key }), { group, owner: key });
  const refused = (write: Promise<unknown>) =>
    write.then(
      () => undefined,
      (error: unknown) => (error instanceof QuotaExceededError ? error.kind : String(error)),
    );
  const WRITES = `await marker('a', 'full'); await marker('b', 'full'); await marker('c', 'one');`;

  /** Writes WRITES in a process of its own, killed with SIGKILL once they are acknowledged: they are in the journal only. */
  async function writtenThenKilled(dataFile: string): Promise<void> {
    const script = `
      import { openLowdbStore } from './src/store/lowdb/lowdb-store.ts';
      const store = await openLowdbStore(${JSON.stringify(dataFile)}, { checkpointBytes: 1024 ** 3 });
      const marker = (key, group) => store.update('readMarkers', key, () => ({ key }), { group, owner: key });
      ${WRITES}
      console.log('acknowledged');
      setInterval(() => {}, 1000);`;
    await runThenKill(script, 'acknowledged');
  }

  for (const how of ['written out to the shards', 'in the journal only'] as const) {
    it(`when a full group and a group of one are ${how} and the store reopens, then the full one refuses a third and the other takes one more`, async () => {
      const dataFile = await freshDataFile();
      if (how === 'in the journal only') await writtenThenKilled(dataFile);
      else {
        const first = await openLowdbStore(dataFile, { quotas });
        await marker(first, 'a', 'full');
        await marker(first, 'b', 'full');
        await marker(first, 'c', 'one');
        await first.close();
      }
      const second = await openLowdbStore(dataFile, { quotas });
      try {
        expect(await refused(marker(second, 'd', 'full'))).to.equal('group');
        expect(await refused(marker(second, 'e', 'one'))).to.equal(undefined);
        expect(await refused(marker(second, 'f', 'one'))).to.equal('group');
        expect(await refused(marker(second, 'g', 'new'))).to.equal(undefined);
        expect((await second.list('readMarkers', 'one', { limit: 5 })).map(({ key }) => key)).to.deep.equal(['c', 'e']);
      } finally {
        await second.close();
      }
    });
  }
});
