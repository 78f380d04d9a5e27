import { expect } from 'chai';
import { SHARDS } from '../../src/store/lowdb/engine/manifest.js';
import { shardNumber } from '../../src/store/lowdb/engine/shards.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
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
