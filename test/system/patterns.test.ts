import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { loadSpec } from '../../src/contract/spec.js';
import {
  DATE_TIMES_INVALID,
  DATE_TIMES_VALID,
  TIMES_INVALID,
  TIMES_VALID,
  UUIDS_INVALID,
  UUIDS_VALID,
} from '../helpers/format-cases.js';
import { needs } from '../helpers/needs.js';

/** Every distinct `pattern` in openapi.yaml. */
function patternsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => patternsIn(item, found));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') found.add(value);
      else patternsIn(value, found);
    }
  }
  return found;
}

/** The pattern with its groups and classes blanked out, to see what stands at the top level. */
function topLevel(pattern: string): string {
  let depth = 0;
  let inClass = false;
  let out = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '\\') {
      index++;
      out += depth === 0 && !inClass ? '\\' : '';
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
      continue;
    }
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0) out += char;
  }
  return out;
}

const patterns = [...patternsIn(loadSpec())];
const NOT_PORTABLE: [RegExp, string][] = [
  [
    /\\[dDwWsSbBpPuxk]/,
    'a shorthand class or escape whose meaning differs between dialects (\\d matches other digits in Python and .NET)',
  ],
  [/\(\?[=!<]/, 'lookaround'],
  [/\\[1-9]/, 'a back-reference'],
  [/[*+?}]\?/, 'a lazy quantifier'],
];

describe('the patterns of openapi.yaml are portable', () => {
  it(`when each of the ${patterns.length} patterns is read, then it uses only the common core of regular expressions`, () => {
    for (const pattern of patterns) {
      for (const [construct, why] of NOT_PORTABLE)
        expect(construct.test(pattern), `${pattern}: ${why}`).to.equal(false);
    }
  });

  it('when each pattern is read, then it is anchored at both ends, with no alternation outside a group', () => {
    for (const pattern of patterns) {
      expect(pattern, pattern).to.match(/^\^.*\$$/);
      expect(topLevel(pattern), pattern).to.not.include('|');
    }
  });

  it("when Python's re module searches with the patterns, then it agrees with ECMA-262 but for a value ending in a line break", function () {
    const python = spawnSync('python3', ['--version']);
    needs(this, python.status === 0 ? undefined : 'python3 (apt-get install python3)');
    const schemas = loadSpec().components.schemas;
    const twin = (schema: string, property?: string): string =>
      (
        (property
          ? (schemas[schema]!.properties as Record<string, { pattern: string }>)[property]
          : schemas[schema]) as { pattern: string }
      ).pattern;
    const cases: [string, string[]][] = [
      [twin('Uuid'), [...UUIDS_VALID, ...UUIDS_INVALID].map((c) => c.value)],
      [
        twin('Stream', 'createdAt'),
        [...DATE_TIMES_VALID, ...DATE_TIMES_INVALID, { value: '2016-12-31T23:59:60Z\n' }].map((c) => c.value),
      ],
      [twin('Availability', 'start'), [...TIMES_VALID, ...TIMES_INVALID, { value: '09:00\n' }].map((c) => c.value)],
    ];
    const script =
      'import json, re, sys\nprint(json.dumps([[bool(re.search(p, v)) for v in vs] for p, vs in json.load(sys.stdin)]))';
    const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(cases), encoding: 'utf8' });
    expect(run.status, run.stderr).to.equal(0);
    const fromPython = JSON.parse(run.stdout) as boolean[][];
    const disagreements = cases.flatMap(([pattern, values], p) =>
      values.filter((value, v) => new RegExp(pattern).test(value) !== fromPython[p]![v]),
    );
    expect(disagreements).to.deep.equal([
      'f47ac10b-58cc-4372-a567-0e02b2c3d479\n',
      '2016-12-31T23:59:60Z\n',
      '09:00\n',
    ]);
  });
});
