import { expect } from 'chai';
import type { Op } from '../../src/store/lowdb/engine/record-text.js';
import { recordSize, serialize } from '../../src/store/lowdb/engine/record-text.js';

const VALUES = [
  { a: 1, b: ['x', null, { c: 'é\u{1F600}\ud800\n\u2028' }] },
  'text',
  0,
  -1.5e-7,
  1e21,
  true,
  null,
  [],
  {},
];

describe('lowdb records as text (serialize)', () => {
  for (const value of VALUES) {
    for (const placement of [{}, { group: 'g/ü' }, { owner: 'ü\u0000' }, { group: 'g', owner: 'o' }]) {
      it(`when ${JSON.stringify(value)} is stored with ${JSON.stringify(placement)}, then its text is JSON.stringify's and its sizes are exact`, () => {
        const stored = { value, ...placement };
        const op = serialize(['devices', 'k"\u00e9', stored] as Op, undefined);
        expect(op.text).to.equal(JSON.stringify(['devices', 'k"\u00e9', stored]));
        expect(op.bytes).to.equal(Buffer.byteLength(op.text));
        expect(op.size).to.equal(recordSize('k"\u00e9', stored));
        expect(op.valueBytes).to.equal(Buffer.byteLength(JSON.stringify(value)));
      });
    }
  }
  it('when a record is deleted, then its text says null and it has no size', () => {
    const op = serialize(['streams', 'gone', null], 'g');
    expect(op.text).to.equal('["streams","gone",null]');
    expect([op.bytes, op.size, op.valueBytes]).to.deep.equal([op.text.length, undefined, undefined]);
  });
});
