// A release's CHANGELOG.md entry, drafted from make contract-diff's comparison: Keep a Changelog's sections, a line
// in words for each change (the operations, the field, what a client must do), breaks marked, and a Migration note
// for each break. It is a draft: the author edits the notes, and adds Fixed and Security lines oasdiff cannot see.
import { where, type AcceptedBreak, type Change, type Comparison, type UnseenBreak } from './compare.js';
import { SECTIONS, sectionOf, wordsOf, type Section, type Words } from './changelog-words.js';
import { describeOperations } from './operations.js';

export interface Line {
  section: Section;
  words: Words;
  /** "METHOD /path" of each operation the change touches (oasdiff reports each, and each response status). */
  operations: string[];
  /** 3: breaks a client; 2: may break one (oasdiff's warning); else 1. */
  level: number;
  /** Its reason, from contract/accepted-breaks.yaml. */
  accepted?: AcceptedBreak | UnseenBreak;
  /** oasdiff's rule ids, or `unseen: <name>` for a break no diff shows. */
  ids: Set<string>;
  /** A break oasdiff cannot see (a rule in words), as contract/accepted-breaks.yaml states it. */
  unseen?: boolean;
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** A break oasdiff cannot see as a line: its mechanism in words, changed, on its operations. */
const unseenLine = (entry: UnseenBreak): Line => ({
  section: 'Changed',
  words: { what: entry.mechanism.replace(/\.$/, ''), todo: 'check what a client does with it' },
  operations: entry.operations ?? [],
  level: 3,
  accepted: entry,
  ids: new Set([`unseen: ${entry.unseen}`]),
  unseen: true,
});

/** One line for each change in words, changes that read the same on several operations or statuses merged. */
export function linesOf(comparison: Comparison): Line[] {
  const lines = new Map<string, Line>();
  const all: (Change & { accepted?: AcceptedBreak })[] = [...comparison.breaking, ...comparison.nonBreaking];
  for (const change of all) {
    const words = wordsOf(change);
    const section = sectionOf(change.id);
    const key = JSON.stringify([section, words, change.level, change.accepted?.reason]);
    const line = lines.get(key) ?? {
      section,
      words,
      operations: [],
      level: change.level,
      ids: new Set<string>(),
      ...(change.accepted ? { accepted: change.accepted } : {}),
    };
    const operation = where(change);
    if (operation !== '' && !line.operations.includes(operation)) line.operations.push(operation);
    line.ids.add(change.id);
    lines.set(key, line);
  }
  return [...lines.values(), ...comparison.unseen.map(unseenLine)];
}

/** "`GET /a`, `PUT /b`: ", or "Every write (8): ": the operations in Markdown, as briefly as is true. */
function whereOf(line: Line, all: string[]): string {
  if (line.operations.length === 0) return '';
  const where = describeOperations(line.operations, all, (operation) => `\`${operation}\``);
  return `${where.charAt(0).toUpperCase()}${where.slice(1)}: `;
}

function bullet(line: Line, all: string[]): string {
  const mark = line.unseen
    ? '**Breaking, unseen by oasdiff:** '
    : line.level >= 3
      ? '**Breaking:** '
      : line.level === 2
        ? '**May break a client:** '
        : '';
  const where = whereOf(line, all);
  const todo = line.words.todo ? `; ${line.words.todo}` : '';
  const accepted = line.accepted ? ` Why: ${line.accepted.reason}` : '';
  // The rule ids stay in the source for the author and the next reviewer; the rendered changelog does not show them.
  return `- ${mark}${where}${line.words.what}${todo}.${accepted} <!-- ${[...line.ids].join(', ')} -->`;
}

function migration(line: Line, all: string[]): string {
  const where = whereOf(line, all);
  return `- ${where}${sentence(line.words.what)} ${sentence(line.words.todo ?? 'check what a client does with it')}`;
}

/** The entry for `version` on `date`: the first release, or the changes `comparison` holds. */
export function entryOf(version: string, date: string, comparison: Comparison | undefined): string {
  if (!comparison) return `## ${version} (${date})\n\nThe first release: the contract as \`openapi.yaml\` states it.\n`;
  return draftOf(`## ${version} (${date})`, comparison);
}

/** An entry under `heading` (a release's, or `## [Unreleased]`) drafted from the changes `comparison` holds. */
export function draftOf(heading: string, comparison: Comparison): string {
  const lines = linesOf(comparison);
  if (lines.length === 0) return `${heading}\n\nWording and examples only.\n`;
  const all = comparison.operations;
  let entry = `${heading}\n\n`;
  for (const section of SECTIONS) {
    const inSection = lines.filter((line) => line.section === section);
    if (inSection.length > 0) entry += `### ${section}\n\n${inSection.map((line) => bullet(line, all)).join('\n')}\n\n`;
  }
  const breaks = lines.filter((line) => line.level >= 2);
  if (breaks.length > 0) {
    entry +=
      `### Migration\n\n<!-- Drafted from the breaking changes against ${comparison.baseVersion}: edit each into what a client ` +
      `does to move on (what to look for, what to change, by when), then remove this comment. -->\n\n` +
      `${breaks.map((line) => migration(line, all)).join('\n')}\n`;
  }
  return `${entry.trimEnd()}\n`;
}
