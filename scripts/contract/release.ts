// make release-contract: releases openapi.yaml as info.version. Refuses a pre-release version and
// what make contract-diff refuses (promise.ts: a break needs a new major version and its reason in
// contract/accepted-breaks.yaml, oasdiff's or one it cannot see; any other change a minor one), makes
// CHANGELOG.md's Unreleased entry the release's (or, when it is empty, an entry drafted from
// the diff), refreshes contract/released.yaml (bundled, examples inlined) and empties
// contract/accepted-breaks.yaml. Review and commit the three.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryOf } from './changelog-entry.js';
import { released, saysSomething, UNRELEASED, unreleasedOf } from './unreleased.js';
import { ACCEPTED_BREAKS, ACCEPTED_BREAKS_HEADER, compare, RELEASED, root, SPEC, versionOf, where } from './compare.js';
import { neededBump, unreasoned, unseenFaults, versionFaults } from './promise.js';
import { bumpBetween, isPreRelease, nextVersion, releaseOf } from './versions.js';

const CHANGELOG = join(root, 'CHANGELOG.md');
const HEADER = `# Changelog of the contract

Every release of \`openapi.yaml\`, newest first, in the sections of [Keep a Changelog](https://keepachangelog.com/en/1.1.0/):
Added, Changed, Deprecated, Removed, Fixed, Security, then Migration, a note for each breaking change.
Each change of the contract adds to the Unreleased entry: \`make changelog-draft\` drafts it from oasdiff's changes
against the last release, in words, and its author edits the migration notes and adds what oasdiff cannot see
(wording, limits, \`x-\` extensions, Fixed). \`make release-contract\` makes it the release's entry. The version
is \`info.version\`, semantic: major for a change that can break a client (the typed client in \`generated/client/\`
included), minor for additions and deprecations, patch for wording and examples.
`;
const date = process.env.RELEASE_DATE ?? new Date().toISOString().slice(0, 10);
const version = versionOf(SPEC);

function fail(message: string): never {
  console.error(`release-contract: ${message}`);
  process.exit(1);
}

if (isPreRelease(version))
  fail(
    `info.version is ${version}, a build not yet released: set ${releaseOf(version)} (and make generate) to release it.`,
  );
const first = !existsSync(RELEASED);
const comparison = first ? undefined : compare(RELEASED, SPEC);
const changelog = existsSync(CHANGELOG) ? readFileSync(CHANGELOG, 'utf8') : `${HEADER}\n${UNRELEASED}\n`;
if (comparison) {
  if (bumpBetween(comparison.baseVersion, version) === 'none')
    fail(
      `info.version is ${version}: set a version after the last release, ${comparison.baseVersion} ` +
        `(at least ${nextVersion(comparison.baseVersion, neededBump(comparison))}).`,
    );
  const faults = [
    ...versionFaults(comparison),
    ...new Set(
      unreasoned(comparison).map((change) => `${where(change)} [${change.id}] breaks a client with no reason given.`),
    ),
    // An empty Unreleased entry is drafted from the diff, which names each unseen break itself.
    ...(saysSomething(unreleasedOf(changelog)) ? unseenFaults(comparison, unreleasedOf(changelog) ?? '') : []),
  ];
  if (faults.length > 0)
    fail(
      `${faults.join('\n  ')}\n  (make contract-diff says the same; contract/accepted-breaks.yaml takes the reasons.)`,
    );
}

if (new RegExp(`^## ${version.replaceAll('.', '\\.')} `, 'm').test(changelog))
  fail(`CHANGELOG.md already has ${version}.`);
const unreleased = unreleasedOf(changelog);
const fromUnreleased = saysSomething(unreleased);
writeFileSync(CHANGELOG, released(changelog, `## ${version} (${date})`, entryOf(version, date, comparison)));
// An accepted break's reason leaves with accepted-breaks.yaml: the entry should say it (the draft does, by rule id).
const unnamed = new Map(
  (comparison?.breaking ?? []).flatMap((change) => (change.accepted ? [[change.id, change.accepted.reason]] : [])),
);
for (const [id, reason] of fromUnreleased ? unnamed : [])
  if (!(unreleased ?? '').includes(id))
    console.log(`Note: the entry does not name the accepted break ${id}: ${reason}`);
execFileSync(join(root, 'node_modules', '.bin', 'redocly'), ['bundle', SPEC, '-o', RELEASED], { stdio: 'ignore' });
writeFileSync(ACCEPTED_BREAKS, `${ACCEPTED_BREAKS_HEADER}accepted: []\n`);
console.log(`Released the contract ${version}: CHANGELOG.md, contract/released.yaml and contract/accepted-breaks.yaml are written.
${
  fromUnreleased
    ? `CHANGELOG.md's Unreleased entry is ${version}'s now; check it against make contract-diff's list,`
    : `CHANGELOG.md's Unreleased entry was empty: ${version}'s is drafted from the diff. Edit it (the migration notes, what oasdiff cannot see),`
} then commit the three with openapi.yaml.`);
