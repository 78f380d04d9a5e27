// The method and framing edges, for every operation: HEAD, OPTIONS without Origin and methods no path serves; and the
// framing RFC 9112 refuses or serves (a transfer coding, HTTP/1.0, Host fields, the absolute form, Expect).
import { named, plain, type EdgeCase } from './edge-case.js';
import { pathOf, type SweptOperation } from './operations.js';
import type { WireRequest } from './wire.js';

/** A method Node's parser knows that no path of the contract serves (405), and one it does not know at all (400). */
const UNKNOWN_METHODS = [
  ['PROPFIND', 'method-not-allowed'],
  ['BREW', 'malformed-request'],
] as const;

/** Cases of a path rather than of one of its operations, carried by the path's first operation. */
export function pathMethodCases(operation: SweptOperation): EdgeCase[] {
  const path = pathOf(operation);
  const get = operation.siblings.find((sibling) => sibling.method === 'GET');
  const head: EdgeCase = {
    rule: 'methods',
    name: named(operation, `path asked with HEAD`),
    operation,
    request: { method: 'HEAD', path },
    // HEAD is GET without the body (RFC 9110 §9.3.2); where the path has no GET, 405 as for any method it does not serve.
    expect: get ? { twin: { method: 'GET', path } } : { problem: 'method-not-allowed' },
  };
  const options: EdgeCase = {
    rule: 'methods',
    name: named(operation, 'path asked with OPTIONS without Origin (no preflight)'),
    operation,
    request: { method: 'OPTIONS', path },
    expect: { problem: 'method-not-allowed' },
  };
  const unknown = UNKNOWN_METHODS.map(([method, problem]): EdgeCase => ({
    rule: 'methods',
    name: named(operation, `path asked with ${method}`),
    operation,
    request: { method, path },
    expect: { problem },
  }));
  return [head, options, ...unknown];
}

export function framingCases(operation: SweptOperation): EdgeCase[] {
  const refused = (edge: string, change: Partial<WireRequest>): EdgeCase => {
    const request = plain(operation);
    return {
      rule: 'framing',
      name: named(operation, edge),
      operation,
      request: { ...request, ...change },
      expect: { problem: 'malformed-request' },
    };
  };
  const served = (edge: string, change: Partial<WireRequest>): EdgeCase => ({
    rule: 'framing',
    name: named(operation, edge),
    operation,
    request: { ...plain(operation), ...change },
    // At fresh values of its own: a draft saved twice at one path is a conflict.
    expect: { twin: plain(operation) },
  });
  const chunked = { transferEncoding: 'chunked', body: plain(operation).body ?? '' };
  return [
    refused('with Transfer-Encoding: junk, chunked', { ...chunked, transferEncoding: 'junk, chunked' }),
    refused('in HTTP/1.0 with Transfer-Encoding: chunked', { ...chunked, version: '1.0' }),
    refused('with no Host', { hosts: 0 }),
    refused('with two Host fields', { hosts: 2 }),
    served('with its target in absolute form', { absolute: true }),
    served('with Expect: junk', { fields: [['Expect', 'junk']] }),
  ];
}
