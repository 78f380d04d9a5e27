import { expect } from 'chai';
import fc from 'fast-check';
import { jsonBytes } from '../../src/lib/json-bytes.js';
import { printable } from '../../src/lib/printable.js';

describe('printable (src/lib/printable.ts)', () => {
  it('when a text holds CR, LF, other control characters, line separators or bidi overrides, then each is escaped and the rest kept', () => {
    expect(printable('GET /a\r\nVerification passed\t\u0000\u001b[2K\u007f\u0085\u2028\u202e/b é 😀')).to.equal(
      'GET /a\\r\\nVerification passed\\t\\u0000\\u001b[2K\\u007f\\u0085\\u2028\\u202e/b é 😀',
    );
  });

  it('when any text is made printable, then it is one line with no control character left', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        // eslint-disable-next-line no-control-regex -- what must not be left is exactly these
        expect(printable(text)).to.not.match(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/);
      }),
      { numRuns: 200 },
    );
  });
});

describe('jsonBytes (src/lib/json-bytes.ts)', () => {
  it('when a value is counted, then it is the UTF-8 length of its compact JSON, escapes and lone surrogates included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        for (const one of [value, text, { [text]: [text, value] }])
          expect(jsonBytes(one)).to.equal(Buffer.byteLength(JSON.stringify(one)));
      }),
      { numRuns: 300 },
    );
  });

  it('when a value passes atMost, then counting stops past it, without building its JSON', () => {
    const huge = 'a'.repeat(64 * 1024 ** 2);
    expect(jsonBytes({ body: huge }, 1024)).to.be.greaterThan(1024);
    expect(jsonBytes(huge, huge.length + 2)).to.equal(huge.length + 2);
    expect(jsonBytes(huge, huge.length + 1)).to.be.greaterThan(huge.length + 1);
  });
});
