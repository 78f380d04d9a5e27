import { expect } from 'chai';
import { integerParameters } from '../../src/contract/integer-parameters.js';
import type { OpenApiDocument } from '../../src/contract/spec.js';
import type { Request, Response } from 'express';
import { refusal, strictIntegers } from '../../src/edge/integer-parameters.js';
import type { HttpProblem } from '../../src/errors/problem.js';

/** A contract with an integer parameter in each place one can be, and one that is not an integer. */
const contract = {
  paths: {
    '/pages/{page}': {
      parameters: [
        { name: 'page', in: 'path', required: true, schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } },
      ],
      get: {
        parameters: [
          { $ref: '#/components/parameters/Offset' },
          { name: 'X-Depth', in: 'header', schema: { type: 'integer', maximum: 9 } },
          { name: 'q', in: 'query', schema: { type: 'string' } },
        ],
        responses: {},
      },
      delete: { responses: {} },
    },
    '/plain': { get: { responses: {} } },
  },
  components: {
    schemas: { Offset: { type: 'integer', minimum: -50, maximum: 50 } },
    parameters: { Offset: { name: 'offset', in: 'query', schema: { $ref: '#/components/schemas/Offset' } } },
  },
} as unknown as OpenApiDocument;

describe('integer parameters, read from openapi.yaml', () => {
  const found = integerParameters(contract);

  it('when a contract declares integers in a path, a query (through $refs) and a header, then each is found with its bounds, on each operation of its path', () => {
    expect(found.get('/pages/{page}')?.get('get')).to.deep.equal([
      { name: 'page', in: 'path', lowest: 1, highest: Number.MAX_SAFE_INTEGER },
      { name: 'offset', in: 'query', lowest: -50, highest: 50 },
      { name: 'X-Depth', in: 'header', lowest: Number.MIN_SAFE_INTEGER, highest: 9 },
    ]);
    expect(
      found
        .get('/pages/{page}')
        ?.get('delete')
        ?.map(({ name }) => name),
    ).to.deep.equal(['page']);
    expect(found.has('/plain')).to.equal(false);
  });

  it('when negatives are allowed, then a leading - is; where they are not, - is refused with the range', () => {
    const [page, offset] = found.get('/pages/{page}')?.get('get') ?? [];
    expect(refusal(offset!, '-7')).to.deep.equal([]);
    expect(refusal(offset!, '-0')).to.deep.equal([]);
    expect(refusal(page!, '-7')).to.deep.equal([
      { path: '/params/page', message: `must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}, in decimal digits` },
    ]);
  });

  it('when the text is anything but decimal digits, or past what a double holds exactly, then it is refused; absent, it is not', () => {
    const [, offset, depth] = found.get('/pages/{page}')?.get('get') ?? [];
    for (const text of ['', ' 1', '1 ', '+1', '1.0', '1e1', '0x1', 'Infinity', '-Infinity', '--1', '1-', '٣'])
      expect(refusal(offset!, text), JSON.stringify(text)).to.have.length(1);
    expect(refusal(depth!, '9007199254740992')).to.deep.equal([
      {
        path: '/headers/X-Depth',
        message: `must be an integer from ${Number.MIN_SAFE_INTEGER} to 9, in decimal digits`,
      },
    ]);
    expect(refusal(depth!, '9007199254740991')).to.deep.equal([]); // its bound is the validator's to check
    expect(refusal(depth!, undefined)).to.deep.equal([]);
  });

  it('when a request is checked, then its path segment is read percent-decoded, its query and header as sent, each refusal listed', () => {
    const check = (url: string, query: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
      const req = { originalUrl: url, method: 'GET', query, headers } as unknown as Request;
      try {
        let passed = false;
        strictIntegers(contract)(req, {} as Response, () => (passed = true));
        return passed ? [] : undefined;
      } catch (error) {
        return (error as HttpProblem).options.errors?.map(({ path }) => path);
      }
    };
    expect(check('/pages/3?offset=-2', { offset: '-2' }, { 'x-depth': '4' })).to.deep.equal([]);
    expect(check('/pages/%2D3')).to.deep.equal(['/params/page']);
    expect(check('/pages/3%ZZ')).to.deep.equal([]); // the validator names a segment that is not percent-encoded UTF-8
    expect(check('/pages/0x3?offset=2.0', { offset: '2.0' }, { 'x-depth': ' 4' })).to.deep.equal([
      '/params/page',
      '/query/offset',
      '/headers/X-Depth',
    ]);
    expect(check('/pages/3?offset=1&offset=2', { offset: ['1', '2'] })).to.deep.equal([]); // repeated: the validator's
  });
});
