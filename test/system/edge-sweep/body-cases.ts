// The body edges, for every operation: bodies that are JSON but not I-JSON, an empty body typed as JSON,
// a body where none is read, and a Content-Type that does not parse.
import { DIFFERENCES } from '../parity/differences.js';
import { named, plain, type EdgeCase } from './edge-case.js';
import { takesBody, type SweptOperation } from './operations.js';

const UNPARSABLE_TYPES = ['undefined', 'application/', 'application/json, text/plain'];
const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The path to the first string or number in `value`, depth first in member order; undefined when it holds none. */
function firstLeaf(value: unknown, kinds: string[]): string[] | undefined {
  if (kinds.includes(typeof value)) return [];
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = firstLeaf(child, kinds);
    if (found) return [key, ...found];
  }
  return undefined;
}

/** Where a number stands in `body`, else a string, else nowhere (a new member). */
const numberAt = (body: unknown) => firstLeaf(body, ['number']) ?? firstLeaf(body, ['string']);

/** `body` as JSON text with `literal` written at `at` (a new member `sweep` when `at` is undefined); and its pointer. */
function withLiteral(body: unknown, at: string[] | undefined, literal: string): { text: string; pointer: string } {
  const marker = '\u0000sweep\u0000';
  const copy = structuredClone(body) as Record<string, unknown>;
  const path = at ?? ['sweep'];
  const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as never, copy);
  parent[path.at(-1)!] = marker;
  const text = JSON.stringify(copy).replace(JSON.stringify(marker), literal);
  return { text, pointer: `/body/${path.map(escape).join('/')}` };
}

function notIJson(operation: SweptOperation): EdgeCase[] {
  const body = operation.body as Record<string, unknown>;
  const first = Object.keys(body)[0] ?? 'sweep';
  const repeated = JSON.stringify({ [first]: body[first] ?? 1 }).slice(0, -1);
  const rest = JSON.stringify(body).slice(1);
  const faults: [string, { text: string; pointer: string }][] = [
    [
      'a member named twice',
      { text: `${repeated}${rest === '}' ? '}' : `,${rest}`}`, pointer: `/body/${escape(first)}` },
    ],
    ['a lone surrogate', withLiteral(body, firstLeaf(body, ['string']), '"\\ud800"')],
    ['2^53 + 1', withLiteral(body, numberAt(body), '9007199254740993')],
    ['1e400', withLiteral(body, numberAt(body), '1e400')],
  ];
  return faults.map(([fault, { text, pointer }]) => ({
    rule: 'i-json',
    name: named(operation, `with a body holding ${fault} at ${pointer}`),
    operation,
    request: { ...plain(operation), body: text },
    // Said to be I-JSON's, not the schema's: a lone surrogate in a UUID or 1e400 for a string breaks both.
    expect: { problem: 'validation-failed', pointer, detail: 'not I-JSON' },
    knownDifference: DIFFERENCES.notIJson,
  }));
}

function withBody(operation: SweptOperation): EdgeCase[] {
  const empty: EdgeCase = {
    rule: 'media types',
    name: named(operation, 'with an empty body as application/json'),
    operation,
    request: { ...plain(operation), body: '' },
    expect: { problem: 'malformed-json' },
  };
  return [
    ...notIJson(operation),
    empty,
    ...UNPARSABLE_TYPES.map((contentType): EdgeCase => ({
      rule: 'media types',
      name: named(operation, `with its body as Content-Type: ${contentType}`),
      operation,
      request: { ...plain(operation), contentType },
      expect: { problem: 'unsupported-media-type' },
    })),
  ];
}

/** An operation that reads no body is served as without one, whatever is sent as one. */
function withoutBody(operation: SweptOperation): EdgeCase[] {
  const request = plain(operation);
  const sent: [string, Partial<typeof request>][] = [
    ['with an empty body as application/json', { body: '', contentType: 'application/json' }],
    ['with a JSON body it does not read', { body: '{"sweep":1}', contentType: 'application/json' }],
    ...UNPARSABLE_TYPES.map((contentType): [string, Partial<typeof request>] => [
      `with Content-Type: ${contentType} and no body`,
      { contentType },
    ]),
  ];
  return sent.map(([edge, change]) => ({
    rule: 'media types',
    name: named(operation, edge),
    operation,
    request: { ...request, ...change },
    expect: { twin: request },
    ...(change.body ? { knownDifference: DIFFERENCES.bodyWhereNoneIsRead } : {}),
  }));
}

export const bodyCases = (operation: SweptOperation): EdgeCase[] =>
  takesBody(operation) ? withBody(operation) : withoutBody(operation);
