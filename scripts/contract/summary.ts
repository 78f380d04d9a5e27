// make contract-diff's opening: the changes by kind and the operations each touches, in at most 40 lines, so a
// reviewer sees the shape of a change before its 300 lines (FULL=1 prints those after it).
import { linesOf, type Line } from './changelog-entry.js';
import type { Comparison } from './compare.js';
import { describeOperations } from './operations.js';

const WIDTH = 110;
export const SUMMARY_LINES = 40;

/** A kind of change: lines of one rule on the same operations, with the same verdict, whose words differ in one word. */
interface Kind {
  first: Line;
  words: string[];
  /** The word that differs between the merged lines, with each line's value ("may now answer 409, 422"). */
  varying?: { at: number; values: string[] };
}

const sameScope = (a: Line, b: Line) =>
  a.level === b.level &&
  a.accepted === b.accepted &&
  [...a.ids].join() === [...b.ids].join() &&
  [...a.operations].sort().join() === [...b.operations].sort().join();

function kindsOf(lines: Line[]): Kind[] {
  const kinds: Kind[] = [];
  for (const line of lines) {
    const words = line.words.what.split(' ');
    const kind = kinds.find((candidate) => {
      if (!sameScope(candidate.first, line) || candidate.words.length !== words.length) return false;
      const differ = words.flatMap((word, index) => (word === candidate.words[index] ? [] : [index]));
      return differ.length === 1 && (candidate.varying === undefined || candidate.varying.at === differ[0]);
    });
    if (!kind) kinds.push({ first: line, words });
    else {
      const at = words.findIndex((word, index) => word !== kind.words[index]);
      kind.varying ??= { at, values: [kind.words[at]!] };
      kind.varying.values.push(words[at]!);
    }
  }
  return kinds;
}

const wordsOfKind = (kind: Kind) =>
  kind.words.map((word, index) => (index === kind.varying?.at ? kind.varying.values.join(', ') : word)).join(' ');

/** Lines no wider than WIDTH, broken after a comma, cut after `max` lines with how many operations were left out. */
function wrapped(text: string, first: string, max: number, next = first): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > 0 && lines.length < max) {
    const indent = lines.length === 0 ? first : next;
    const room = WIDTH - indent.length;
    const cut = rest.length <= room ? rest.length : rest.lastIndexOf(', ', room) + 1 || rest.length;
    lines.push(indent + rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) lines.push(`${lines.pop()!.replace(/,$/, '')} and ${rest.split(', ').length} more`);
  return lines;
}

/**
 * The summary: breaking kinds first (those not accepted before the rest), each with its operations and verdict,
 * then the other kinds, one line each where it fits. Non-breaking kinds past the 40 lines are counted, not shown.
 */
export function summaryLines(comparison: Comparison, verdict: (line: Line) => string): string[] {
  const all = comparison.operations;
  const kinds = kindsOf(linesOf(comparison));
  const breaking = kinds.filter((kind) => kind.first.level >= 2);
  breaking.sort((a, b) => Number(Boolean(a.first.accepted)) - Number(Boolean(b.first.accepted)));
  const other = kinds.filter((kind) => kind.first.level < 2);
  const render = (kind: Kind) => {
    const ids = `[${[...kind.first.ids].join(', ')}]`;
    const where = describeOperations(kind.first.operations, all) || '(the document)';
    const words = wordsOfKind(kind);
    if (kind.first.level < 2 && `  ${where}: ${words} ${ids}`.length <= WIDTH) return [`  ${where}: ${words} ${ids}`];
    const tail =
      kind.first.level >= 2 ? ` (${kind.first.level === 2 ? 'oasdiff: may break; ' : ''}${verdict(kind.first)})` : '';
    const operations = wrapped(where, '  ', 3, '    ');
    operations.push(`${operations.pop()!} ${ids}`);
    return [...operations, ...wrapped(`${words}${tail}`, '      ', 2)];
  };
  const counted = (label: string, changes: number, shown: Kind[]) =>
    `${label} (${changes})${changes === 0 ? ': none' : `, in ${shown.length} kind${shown.length === 1 ? '' : 's'}:`}`;
  const breaks = comparison.breaking.length + comparison.unseen.length;
  const out = [counted('Breaking', breaks, breaking), ...breaking.flatMap(render), ''];
  out.push(counted('Non-breaking', comparison.nonBreaking.length, other));
  const room = SUMMARY_LINES - 4; // besides the title, its blank line, a line of what is left out and FULL=1's line
  let left = other.length;
  for (const kind of other) {
    const lines = render(kind);
    if (out.length + lines.length > room) break;
    out.push(...lines);
    left--;
  }
  if (left > 0) out.push(`  … and ${left} more kind${left === 1 ? '' : 's'}: FULL=1 lists every change`);
  return out;
}
