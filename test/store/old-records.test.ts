import { expect } from 'chai';
import { laterOf, upgradedRecord } from '../../src/store/lowdb/operations/old-records.js';
import { keyOf } from '../../src/store/store.js';

describe('lowdb upgrade: records of data formats 0 and 1', () => {
  it("when a key was made by the encodeURIComponent keyOf, then it is remade by today's", () => {
    const parts = ['b\u00f8b/\u00fcn %41', 'ns with space', '\u{1F600}'];
    const old = parts.map(encodeURIComponent).join('/');
    expect(upgradedRecord('identitySettings', old, {}).key).to.equal(keyOf(...parts));
  });
  it("when a key was made by today's keyOf, then it is kept, even where encodeURIComponent could have made it", () => {
    for (const parts of [
      ['a%41', 'x/y'],
      ['%', '/'],
      ['plain', ''],
      ['\u00e9', '%2F'],
    ]) {
      expect(upgradedRecord('identitySettings', keyOf(...parts), {}).key, parts.join(' | ')).to.equal(keyOf(...parts));
    }
  });
  it('when records are devices or read markers, then they are filed under their user (and stream); ids of streams and drafts are kept', () => {
    expect(upgradedRecord('devices', 'app/phone', { userId: 'u/1' }).stored).to.deep.equal({
      value: { userId: 'u/1' },
      group: 'u/1',
    });
    const marker = upgradedRecord('readMarkers', ['u 1', 's', ''].map(encodeURIComponent).join('/'), { streamId: 's' });
    expect(marker).to.deep.equal({
      key: keyOf('u 1', 's', ''),
      stored: { value: { streamId: 's' }, group: keyOf('u 1', 's') },
    });
    expect(upgradedRecord('streams', 'AbC%20', { id: 1 })).to.deep.equal({
      key: 'AbC%20',
      stored: { value: { id: 1 } },
    });
    expect(upgradedRecord('drafts', 'x%2Fy', { id: 1 }).key).to.equal('x%2Fy');
  });
  it('when two records become one key, then the later updatedAt is kept', () => {
    const earlier = { value: { updatedAt: '2026-01-01T00:00:00Z', n: 1 } };
    const later = { value: { updatedAt: '2026-01-01T00:00:00.001Z', n: 2 } };
    expect(laterOf(earlier, later)).to.equal(later);
    expect(laterOf(later, earlier)).to.equal(later);
  });
});
