// make contract-diff: what openapi.yaml changes against the last released contract
// (contract/released.yaml), or against openapi.yaml at a git ref (BASE=<ref>): a summary by
// kind and operation (summary.ts), and every change with FULL=1 (or --full). Fails where the
// promise does not hold (promise.ts): a break without a new major version or without its reason
// in contract/accepted-breaks.yaml, a change under the released version, a break oasdiff cannot
// see that CHANGELOG.md does not name. Given DATA_FILE or DATABASE_URL, also counts the stored
// records the changed contract's response schemas would reject (stored-data.ts), writing nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import type { OpenApiDocument } from '../../src/contract/spec.js';
import { checkStoredData, reportLines } from './stored-data.js';
import { storedRecords } from './stored-records.js';
import { summaryLines } from './summary.js';
import { saysSomething, unreleasedOf, unseenChanges } from './unreleased.js';
import { ACCEPTED_BREAKS, compare, RELEASED, root, SPEC, specAt, where, type Change } from './compare.js';
import { neededBump, unreasoned, unseenFaults, versionFaults } from './promise.js';
import { bumpBetween, nextVersion } from './versions.js';

const base = process.env.BASE ? specAt(process.env.BASE) : RELEASED;
if (!existsSync(base)) {
  console.error('No released contract yet (contract/released.yaml): make release-contract makes the first.');
  process.exit(1);
}
const baseName = process.env.BASE ? `openapi.yaml at ${process.env.BASE}` : 'contract/released.yaml, the last release';
const comparison = compare(base, SPEC);
const { baseVersion, version, breaking, nonBreaking, unseen, unusedAccepted } = comparison;
const full = process.argv.includes('--full') || !['', '0', undefined].includes(process.env.FULL);
/** `text` in lines of at most `width` characters, broken at spaces. */
const wrap = (text: string, width: number) =>
  text.split(' ').reduce<string[]>((lines, word) => {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);
const line = (change: Change) => `  ${where(change)} [${change.id}]\n      ${change.text}`;
const verdict = (accepted: unknown) => (accepted ? 'accepted' : 'NOT ACCEPTED');

console.log(`Contract diff: openapi.yaml (${version}) against ${baseName} (${baseVersion})\n`);
for (const text of summaryLines(comparison, (kind) => verdict(kind.accepted))) console.log(text);
const changes = breaking.length + unseen.length + nonBreaking.length;
if (full) {
  console.log(`\nEvery change, in oasdiff's words:\n\nBreaking (${breaking.length}):${breaking.length ? '' : ' none'}`);
  const told = new Set<unknown>(); // each accepted break's reason once, where it first applies
  for (const change of breaking) {
    console.log(`${line(change)}${change.level === 2 ? '\n      (oasdiff: may break; a person decides)' : ''}`);
    const reason = told.has(change.accepted) ? 'as above' : change.accepted?.reason;
    if (change.accepted) told.add(change.accepted);
    console.log(
      change.accepted
        ? `      accepted in ${relative(root, ACCEPTED_BREAKS)}: ${reason}`
        : `      ${verdict(undefined)}`,
    );
  }
  console.log(`\nBreaking, unseen by oasdiff (${unseen.length}):${unseen.length ? '' : ' none'}`);
  for (const entry of unseen)
    console.log(
      `  ${(entry.operations ?? ['every operation']).join(', ')} [unseen: ${entry.unseen}]\n      ${entry.mechanism}\n` +
        `      accepted in ${relative(root, ACCEPTED_BREAKS)}: ${entry.reason}`,
    );
  console.log(`\nNon-breaking (${nonBreaking.length}):${nonBreaking.length ? '' : ' none'}`);
  for (const change of nonBreaking) console.log(line(change));
} else if (changes > 0) {
  console.log(`\nEach of the ${changes} changes, in oasdiff's words: FULL=1 make contract-diff`);
}
for (const entry of unusedAccepted)
  console.log(
    `\nNote: ${relative(root, ACCEPTED_BREAKS)} accepts ${entry.id}${entry.operation ? ` at ${entry.operation}` : ''}, which no change matches.`,
  );
// The changes since the release belong in CHANGELOG.md's Unreleased entry (a test holds the repository to it).
const changelog = join(root, 'CHANGELOG.md');
if (
  !process.env.BASE &&
  changes > 0 &&
  existsSync(changelog) &&
  !saysSomething(unreleasedOf(readFileSync(changelog, 'utf8')))
)
  console.log('\nNote: CHANGELOG.md has no Unreleased entry for these changes; make changelog-draft drafts one.');
// Other changes the contract states in words alone, which oasdiff cannot see (its breaks are in the summary), as the
// entry names them.
const entry =
  !process.env.BASE && existsSync(changelog) ? (unreleasedOf(readFileSync(changelog, 'utf8')) ?? '') : undefined;
const unseenOthers = unseenChanges(entry).filter((change) => !change.includes('Breaking'));
if (unseenOthers.length > 0) {
  console.log(
    `\nOther changes oasdiff cannot see, as CHANGELOG.md's Unreleased entry names them (${unseenOthers.length}):`,
  );
  for (const change of unseenOthers)
    wrap(change, 104).forEach((text, index) => console.log(`${index ? '    ' : '  - '}${text}`));
}

// With DATA_FILE or DATABASE_URL: what the changed contract says of the data already stored (read-only).
const readSpec = (file: string) => parse(readFileSync(file, 'utf8')) as OpenApiDocument;
try {
  const stored = await storedRecords();
  if (stored) {
    console.log(`\nStored data: ${stored.store}, read ${stored.how}, against openapi.yaml's response schemas:`);
    for (const line of reportLines(await checkStoredData(stored.records, readSpec(SPEC), readSpec(base))))
      console.log(line);
  }
} catch (error) {
  console.error(`\nFAILED: the store could not be read: ${(error as Error).message}`);
  process.exit(1);
}

const needed = neededBump(comparison);
console.log(
  needed === 'patch'
    ? `\nNo change a client sees; wording or examples alone would make a patch release (${nextVersion(baseVersion, 'patch')}).`
    : `\nThe next release needs at least a ${needed} version: ${nextVersion(baseVersion, needed)}.`,
);
const faults = [
  ...new Set(
    unreasoned(comparison).map(
      (change) =>
        `${where(change)} [${change.id}] breaks a client, and ${relative(root, ACCEPTED_BREAKS)} gives no reason for it.`,
    ),
  ),
  ...versionFaults(comparison),
  ...(entry === undefined ? [] : unseenFaults(comparison, entry)),
];
if (faults.length > 0) {
  console.error(`\nFAILED:\n${faults.map((fault) => `  - ${fault}`).join('\n')}`);
  process.exit(1);
}
const bump = bumpBetween(baseVersion, version);
console.log(
  breaking.length + unseen.length > 0
    ? `Passed: every break has its reason, and the major version is raised (${baseVersion} -> ${version}).`
    : `Passed: nothing breaks a client of the last release${bump === 'none' ? '' : ` (${baseVersion} -> ${version})`}.`,
);
