// The path edges, for every operation: its path spelled otherwise, each path parameter malformed or
// holding an encoded slash, and each integer parameter written as anything but decimal digits within its range.
import type { IntegerParameter } from '../../../src/contract/integer-parameters.js';
import { DIFFERENCES } from '../parity/differences.js';
import { named, plain, type EdgeCase } from './edge-case.js';
import { freshParam, pathOf, type SweptOperation } from './operations.js';
import type { WireRequest } from './wire.js';

const MALFORMED = ['%ZZ', '%E0%A4%A'];
const NOTATIONS = ['0x2', '0b10', '0o7', '%2B2', '%205', '5%20', '2.0', '1e1', '%D9%A3'];

function spellings(operation: SweptOperation): EdgeCase[] {
  const path = pathOf(operation);
  const cut = path.lastIndexOf('/');
  const respelled: [string, string][] = [
    ['with a trailing slash', `${path}/`],
    ['with a parameter on its last segment', `${path};v=2`],
    ['with its last slash doubled', `${path.slice(0, cut)}/${path.slice(cut)}`],
    ['with its first segment in capitals', path.replace(/^\/[^/]+/, (first) => first.toUpperCase())],
  ];
  return respelled.map(([edge, spelled]): EdgeCase => ({
    rule: 'spellings',
    name: named(operation, `${edge}: ${spelled}`),
    operation,
    request: plain(operation, spelled),
    expect: { problem: 'not-found' },
    unnamed: true,
  }));
}

function parameterSpellings(operation: SweptOperation): EdgeCase[] {
  return Object.keys(operation.params).flatMap((name): EdgeCase[] => {
    const malformed = MALFORMED.map((value): EdgeCase => {
      const path = pathOf(operation, name, value);
      return {
        rule: 'spellings',
        name: named(operation, `with {${name}} a malformed percent-encoding: ${path}`),
        operation,
        request: plain(operation, path),
        expect: { problem: 'validation-failed', pointer: `/params/${name}` },
      };
    });
    // An encoded slash is part of the value: answered as the same value with a hyphen for it, never as two segments.
    const [first, second] = [freshParam(operation, name), freshParam(operation, name)];
    const path = pathOf(operation, name, `${first}%2F${second}`);
    const slash: EdgeCase = {
      rule: 'spellings',
      name: named(operation, `with {${name}} holding an encoded slash: ${path}`),
      operation,
      request: plain(operation, path),
      expect: { twin: plain(operation, pathOf(operation, name, `${first}-${second}`)) },
    };
    return [...malformed, slash];
  });
}

/** What no integer parameter takes: other notations, non-finite values, and integers outside its range. */
function refusedIntegers({ lowest, highest }: IntegerParameter): string[] {
  const infinite = ['Infinity', '-Infinity', '1e999', '-1e999', 'NaN', '9'.repeat(400)];
  const outside = [String(lowest - 1), String(highest + 1), '9007199254740993', ...(lowest >= 0 ? ['-0'] : [])];
  return [...NOTATIONS, ...infinite, ...outside.filter((text) => Number.isSafeInteger(Number(text)) || text === '-0')];
}

/** The operation's request with the parameter set to `text` (as written in a query or a path; decoded in a header). */
function withInteger(operation: SweptOperation, parameter: IntegerParameter, text: string): WireRequest {
  if (parameter.in === 'path') return plain(operation, pathOf(operation, parameter.name, text));
  const request = plain(operation);
  if (parameter.in === 'header') return { ...request, fields: [[parameter.name, decodeURIComponent(text)]] };
  return { ...request, path: `${request.path}?${parameter.name}=${text}` };
}

function integers(operation: SweptOperation): EdgeCase[] {
  return operation.integers.flatMap((parameter): EdgeCase[] => {
    const where = { query: 'query', header: 'headers', path: 'params' }[parameter.in];
    const refused = refusedIntegers(parameter).map((text): EdgeCase => ({
      rule: 'integers',
      name: named(
        operation,
        `with ${parameter.name}=${text.length > 20 ? `${text.slice(0, 8)}… (${text.length} digits)` : text}`,
      ),
      operation,
      request: withInteger(operation, parameter, text),
      expect: { problem: 'validation-failed', pointer: `/${where}/${parameter.name}` },
      ...(NOTATIONS.includes(text) ? { knownDifference: DIFFERENCES.integerNotation } : {}),
    }));
    const taken = [parameter.lowest, parameter.highest].map((value): EdgeCase => ({
      rule: 'integers',
      name: named(operation, `with ${parameter.name}=${value}, in its range`),
      operation,
      request: withInteger(operation, parameter, String(value)),
      expect: { twin: plain(operation) },
    }));
    return [...refused, ...taken];
  });
}

export const pathCases = (operation: SweptOperation): EdgeCase[] => [
  ...spellings(operation),
  ...parameterSpellings(operation),
  ...integers(operation),
];
