import { expect } from 'chai';
import { recordOf } from '../../src/dump/dump-line-parsers.js';
import type { Line } from '../../src/dump/dump-lines.js';

// make import takes a record line only in the form the store writes it (JSON.stringify of the record): so no name
// twice and every number the shortest form of its double, I-JSON's own rules, without a check of its own. A lone
// surrogate escape is taken: builds before I-JSON bodies stored such strings, and their dumps must import.
const lineOf = (text: string): Line => ({ number: 2, text, bytes: Buffer.from(text), ended: true });
const record = (value: string) => `{"collection":"identitySettings","key":"local/ns","owner":"local","value":${value}}`;

describe('make import reads record lines as the store writes them', () => {
  it('when a value names a member twice or holds a number no double holds as written, then the line is refused as not canonical', () => {
    for (const value of ['{"a":1,"a":2}', '{"a":9007199254740993}', '{"a":1e21}', '{"a":0.10000000000000000001}']) {
      expect(() => recordOf('x.dump', lineOf(record(value))), value).to.throw(/line 2: is not in canonical form/);
    }
  });

  it('when a value is as the store writes it (2^53, 1e+21, a lone surrogate escaped as JSON.stringify escapes it), then it is read', () => {
    for (const value of ['{"a":9007199254740992}', '{"a":1e+21}', '{"a":"\\ud800"}']) {
      expect(recordOf('x.dump', lineOf(record(value))).value, value).to.deep.equal(JSON.parse(value));
    }
  });
});
