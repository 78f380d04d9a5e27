import { readFileSync, writeFileSync } from 'node:fs';
import { DIFFERENCES, type Difference } from './differences.js';
import type { Outcome } from './send.js';

export const REFERENCE = 'mocks/reference.md';
const START = '<!-- The known differences, written by test/system/parity.test.ts: do not edit by hand. -->';
const END = '<!-- The end of the known differences. -->';

/** A case of the corpus the mock answers otherwise, as each server answered it. */
export interface Known {
  difference: Difference;
  service: Outcome;
  mock: Outcome;
}

const words = (outcome: Outcome) => (outcome === 'accept' ? 'accepts' : String(outcome));
const cell = (outcomes: Outcome[]) => [...new Set(outcomes.map(words))].join(' or ');

/** A row per difference, in the order of DIFFERENCES; a row of several cases says how many. */
export function knownDifferencesTable(known: Known[]): string {
  const lines = ['| request | service | mock | why |', '|---|---|---|---|'];
  for (const difference of Object.values(DIFFERENCES) as Difference[]) {
    const cases = known.filter((each) => each.difference === difference);
    if (cases.length === 0) continue;
    const count = cases.length > 1 ? ` (${cases.length} cases)` : '';
    const [service, mock] = [cell(cases.map((each) => each.service)), cell(cases.map((each) => each.mock))];
    lines.push(`| ${difference.request}${count} | ${service} | ${mock} | ${difference.why} |`);
  }
  return lines.join('\n');
}

function bounds(text: string): [number, number] {
  const [start, end] = [text.indexOf(START), text.indexOf(END)];
  if (start < 0 || end < start) throw new Error(`${REFERENCE} has lost the markers around its known differences`);
  return [start + START.length, end];
}

/** The table as mocks/reference.md has it between its markers. */
export function documentedTable(): string {
  const text = readFileSync(REFERENCE, 'utf8');
  const [start, end] = bounds(text);
  return text.slice(start, end).trim();
}

/** Puts the table between the markers, leaving the rest of mocks/reference.md as it is. */
export function writeTable(table: string): void {
  const text = readFileSync(REFERENCE, 'utf8');
  const [start, end] = bounds(text);
  writeFileSync(REFERENCE, `${text.slice(0, start)}\n\n${table}\n\n${text.slice(end)}`);
}
