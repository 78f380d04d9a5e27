// The operations a change touches, said as briefly as is true: "every /api operation", "every write except
// DELETE /x", or the list. A reviewer reads the shape of a change at a glance; the full list is one flag away.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'];

/** Every operation of a contract, as oasdiff names them: "METHOD /path". */
export function operationsOf(file: string): string[] {
  const spec = parse(readFileSync(file, 'utf8')) as { paths?: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Sets with a name, broadest first. */
const FAMILIES: [string, (operation: string) => boolean][] = [
  ['every operation', () => true],
  ['every /api operation', (operation) => operation.includes(' /api/')],
  ['every write', (operation) => !/^(GET|HEAD|OPTIONS) /.test(operation)],
  ['every GET', (operation) => operation.startsWith('GET ')],
  ['every /api GET', (operation) => operation.startsWith('GET /api/')],
];

/**
 * `touched` in the fewest words against `all` (the contract's operations): a named set, a named set except a few, or
 * the list. `quote` wraps each operation (backticks for Markdown).
 */
export function describeOperations(touched: string[], all: string[], quote = (operation: string) => operation): string {
  const list = touched.map(quote).join(', ');
  if (touched.length < 2 || touched.some((operation) => !all.includes(operation))) return list;
  const candidates = [list];
  for (const [name, member] of FAMILIES) {
    const family = all.filter(member);
    if (family.length < 2 || touched.some((operation) => !family.includes(operation))) continue;
    const left = family.filter((operation) => !touched.includes(operation));
    if (left.length === 0) return `${name} (${family.length})`;
    if (left.length < touched.length) candidates.push(`${name} except ${left.map(quote).join(', ')}`);
  }
  return candidates.reduce((shortest, candidate) => (candidate.length < shortest.length ? candidate : shortest));
}
