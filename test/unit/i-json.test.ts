import { expect } from 'chai';
import { readIJson } from '../../src/lib/i-json.js';
import { measure } from '../../src/lib/json-depth.js';

const TOO_LARGE = 'must be a number a double holds: at most about 1.8e308 in size';
const keptAs = (kept: string) => `must be a number a double holds exactly: this one would be kept as ${kept}`;
const TWICE = 'is named more than once in its object: send each member once';
const LONE = 'must not hold a lone surrogate (U+D800 to U+DFFF outside a pair)';
const LONE_NAME = 'has a member name holding a lone surrogate (U+D800 to U+DFFF outside a pair)';

/** The fault of `text`, which must be JSON that JSON.parse takes. */
const faultOf = (text: string) => {
  JSON.parse(text);
  return readIJson(text).fault;
};

describe('readIJson: where JSON text stops being I-JSON (RFC 7493)', () => {
  describe('numbers', () => {
    it('when a number is one a double holds exactly as written, then it passes: the integers to ±(2^53−1), 2^53, short decimals, 1e21 in any spelling', () => {
      for (const literal of [
        '0',
        '-0',
        '0.0',
        '0e400',
        '9007199254740991',
        '-9007199254740991',
        '9007199254740992',
        '-9007199254740992',
        '9007199254740994',
        '123456789012345',
        '0.1',
        '-2.5',
        '1.50',
        '0.30000000000000004',
        '3.141592653589793',
        '1e21',
        '1E21',
        '1e+21',
        '1000000000000000000000',
        '100e-2',
        '1e308',
        '1.7976931348623157e308',
        '-1.7976931348623157E+308',
        '5e-324',
        '2.2250738585072014e-308',
        `0.${'0'.repeat(300)}1`,
      ]) {
        expect(faultOf(`{"x":${literal}}`), literal).to.equal(undefined);
      }
    });

    it('when a number has more digits than its double keeps (2^53+1, 20 digits, 17 decimals of 0.1), then it is named with what it would be kept as', () => {
      for (const [literal, kept] of [
        ['9007199254740993', '9007199254740992'],
        ['-9007199254740993', '-9007199254740992'],
        ['12345678901234567890', '12345678901234567000'],
        ['9223372036854775807', '9223372036854776000'],
        ['0.10000000000000000001', '0.1'],
        ['3.1415926535897932', '3.141592653589793'],
        ['3.141592653589793238462643383279', '3.141592653589793'],
        ['4.9e-324', '5e-324'],
        ['1e-400', '0'],
        ['-2e-324', '0'],
      ] as const) {
        expect(faultOf(`{"x":${literal}}`), literal).to.deep.equal({ pointer: '/x', message: keptAs(kept) });
      }
    });

    it('when a number is past the largest double (1e400, -1E+400, 400 digits, 1.7976931348623159e308), then it is named as too large', () => {
      for (const literal of ['1e400', '-1E+400', '9'.repeat(400), '1.7976931348623159e308', '1e99999999999999999999']) {
        expect(faultOf(`{"x":${literal}}`), literal).to.deep.equal({ pointer: '/x', message: TOO_LARGE });
      }
    });

    it('when a number stands in an array, at the top or deep inside, then its pointer names each index and member', () => {
      expect(faultOf('[1,2,9007199254740993]')).to.deep.equal({ pointer: '/2', message: keptAs('9007199254740992') });
      expect(faultOf('{"a":[{"b":1},{"c/d":{"e~f":[0,1e400]}}]}')).to.deep.equal({
        pointer: '/a/1/c~1d/e~0f/1',
        message: TOO_LARGE,
      });
    });

    it('when numbers, strings and names merely look like bad numbers, then nothing is named', () => {
      expect(faultOf('{"1e400":"9007199254740993","x":["\\u0031e400", "12345678901234567890"]}')).to.equal(undefined);
    });
  });

  describe('member names', () => {
    it('when a name comes twice in one object, then the second is named', () => {
      expect(faultOf('{"a":1,"b":2,"a":3}')).to.deep.equal({ pointer: '/a', message: TWICE });
      expect(faultOf('{"x":{"b":1,"b":1}}')).to.deep.equal({ pointer: '/x/b', message: TWICE });
      expect(faultOf('[{"a":1},{"b":1,"c":{},"b":2}]')).to.deep.equal({ pointer: '/1/b', message: TWICE });
      expect(faultOf('{"a/b":1,"a/b":2}')).to.deep.equal({ pointer: '/a~1b', message: TWICE });
    });

    it('when a name comes twice in another spelling (an escape), then it is the same name', () => {
      expect(faultOf('{"a":1,"\\u0061":2}')).to.deep.equal({ pointer: '/a', message: TWICE });
      expect(faultOf('{"\\"":1,"\\u0022":2}')).to.deep.equal({ pointer: '/"', message: TWICE });
    });

    it('when an object has hundreds of members, one of them twice at its end, then it is named', () => {
      const members = Array.from({ length: 500 }, (_, index) => `"k${index}":${index}`);
      expect(faultOf(`{"big":{${members.join(',')},"k7":0}}`)).to.deep.equal({ pointer: '/big/k7', message: TWICE });
      expect(faultOf(`{"big":{${members.join(',')}}}`)).to.equal(undefined);
    });

    it('when objects of 31 to 34 members name one twice, first or last, nested or not, then it is named', () => {
      for (const size of [31, 32, 33, 34]) {
        const members = Array.from({ length: size }, (_, index) => `"k${index}":{}`);
        expect(faultOf(`{"o":{${members.join(',')},"k0":1}}`), `${size}, last`).to.deep.equal({
          pointer: '/o/k0',
          message: TWICE,
        });
        expect(faultOf(`{"o":{"k${size - 1}":1,${members.join(',')}}}`), `${size}, first`).to.deep.equal({
          pointer: `/o/k${size - 1}`,
          message: TWICE,
        });
        const inner = `{${members.join(',')},"k1":2}`;
        expect(faultOf(`{${members.join(',')},"in":[${inner}]}`), `${size}, inside`).to.deep.equal({
          pointer: '/in/0/k1',
          message: TWICE,
        });
        expect(faultOf(`{${members.join(',')},"in":[{${members.join(',')}}]}`), `${size}, none`).to.equal(undefined);
      }
    });

    it('when names repeat only across objects, levels or case, then nothing is named', () => {
      expect(faultOf('{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}],"A":1,"c":{"x":1},"d":{"x":1}}')).to.equal(undefined);
      expect(faultOf('{"a":{"b":1},"b":{"a":1}}')).to.equal(undefined);
    });
  });

  describe('surrogates', () => {
    it('when a string holds a lone surrogate, escaped in any way, then it is named', () => {
      for (const escaped of [
        '\\ud800',
        '\\uDC00',
        'a\\ud800b',
        '\\ud800\\u0041',
        '\\ud800\\\\udc00',
        '\\udc00\\ud800',
        '\\ud83d\\ude00\\ud83d',
      ]) {
        expect(faultOf(`{"x":["ok","${escaped}"]}`), escaped).to.deep.equal({ pointer: '/x/1', message: LONE });
      }
    });

    it('when a member name holds a lone surrogate, then the object holding it is named', () => {
      expect(faultOf('{"a":{"\\ud800":1}}')).to.deep.equal({ pointer: '/a', message: LONE_NAME });
      expect(faultOf('{"\\udfff":1}')).to.deep.equal({ pointer: '', message: LONE_NAME });
    });

    it('when a string holds noncharacters (U+FFFF, U+FDD0, U+1FFFE), escaped or not, then nothing is named: openapi.yaml takes them', () => {
      expect(faultOf('{"x":"\\uFFFF \\ufdd0 \\uD83F\\uDFFE \uFFFE \uFDEF","\\uFFFF":1}')).to.equal(undefined);
    });

    it('when surrogates come in pairs, escaped or as UTF-8, or a backslash stands before a u, then nothing is named', () => {
      expect(faultOf('{"\\ud83d\\ude00":"\\uD83D\\uDE00 😀 \\\\ud800 \\\\u \\"\\\\"}')).to.equal(undefined);
    });
  });

  it('when JSON text is I-JSON, then its depth and values are those measure counts on the parsed value', () => {
    for (const text of [
      '{}',
      '[]',
      '[[[]]]',
      '{"a":true,"b":false,"c":null,"d":[1,-2.5e3,"x",{"e":[]}],"f":{"g":{"h":"\\\\"}}}',
      ' [ true , false , null , { } , [ 0 ] , "a" ] ',
      `{"deep":${'['.repeat(250)}${']'.repeat(250)}}`,
      JSON.stringify({
        patch: Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${index}`, [index, { n: null }]])),
      }),
    ]) {
      const { depth, values } = readIJson(text);
      expect({ depth, values }, text.slice(0, 40)).to.deep.equal(measure(JSON.parse(text)));
    }
  });

  it('when a body holds several faults, then the first in the text is named', () => {
    expect(faultOf('{"a":1e400,"b":"\\ud800","b":1}')).to.deep.equal({ pointer: '/a', message: TOO_LARGE });
    expect(faultOf('{"b":"\\ud800","b":1,"a":1e400}')).to.deep.equal({ pointer: '/b', message: LONE });
  });
});
