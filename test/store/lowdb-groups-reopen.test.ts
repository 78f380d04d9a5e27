import { expect } from 'chai';
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
