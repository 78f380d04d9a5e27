// make release-contract: releases openapi.yaml as info.version. Checks the version against
// the last release (major for a break not accepted, minor for any other change), makes
// CHANGELOG.md's Unreleased entry the release's (or, when it is empty, an entry drafted from
// the diff), refreshes contract/released.yaml (bundled, examples inlined) and empties
// contract/accepted-breaks.yaml. Review and commit the three.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryOf } from './changelog-entry.js';
import { released, saysSomething, UNRELEASED, unreleasedOf } from './unreleased.js';
import {
  ACCEPTED_BREAKS,
  atLeast,
  bumpBetween,
  compare,
  neededBump,
  nextVersion,
  RELEASED,
  root,
  SPEC,
  versionOf,
} from './compare.js';

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

const first = !existsSync(RELEASED);
const comparison = first ? undefined : compare(RELEASED, SPEC);
if (comparison) {
  const needed = neededBump(comparison);
  const bump = bumpBetween(comparison.baseVersion, version);
  if (bump === undefined || bump === 'none')
    fail(
      `info.version is ${version}: set a version after the last release, ${comparison.baseVersion} (at least ${nextVersion(comparison.baseVersion, needed)}).`,
    );
  if (!atLeast(bump, needed)) {
    fail(
      `${version} is a ${bump} release, but the changes need a ${needed} one: ${nextVersion(comparison.baseVersion, needed)}` +
        (needed === 'major'
          ? ' (or accept each break in contract/accepted-breaks.yaml with a reason; see make contract-diff).'
          : '.'),
    );
  }
}

const changelog = existsSync(CHANGELOG) ? readFileSync(CHANGELOG, 'utf8') : `${HEADER}\n${UNRELEASED}\n`;
if (new RegExp(`^## ${version.replaceAll('.', '\\.')} `, 'm').test(changelog))
  fail(`CHANGELOG.md already has ${version}.`);
const unreleased = unreleasedOf(changelog);
const fromUnreleased = saysSomething(unreleased);
writeFileSync(CHANGELOG, released(changelog, `## ${version} (${date})`, entryOf(version, date, comparison)));
// An accepted break's reason leaves with accepted-breaks.yaml: the entry should say it (the draft does, by rule id).
const unnamed = new Map(
  (comparison?.breaking ?? []).flatMap((change) => (change.accepted ? [[change.id, change]] : [])),
);
for (const [id, change] of fromUnreleased ? unnamed : [])
  if (!unreleased!.includes(id))
    console.log(`Note: the entry does not name the accepted break ${id}: ${change.accepted!.reason}`);
execFileSync(join(root, 'node_modules', '.bin', 'redocly'), ['bundle', SPEC, '-o', RELEASED], { stdio: 'ignore' });
writeFileSync(
  ACCEPTED_BREAKS,
  `# Breaking changes against the last release (contract/released.yaml) that ship without a
# new major version, each with its reason: an oasdiff rule id, the operation ("METHOD /path")
# where it applies, and why no client breaks (or why breaking it is right). make contract-diff
# passes such a change and shows the reason; make release-contract writes it into CHANGELOG.md
# and empties this list.
#
# accepted:
#   - id: request-property-max-length-decreased
#     operation: PUT /api/notifications/devices
#     reason: No stored device has a longer appVersion (checked in production on 2026-12-01).
accepted: []
`,
);
console.log(`Released the contract ${version}: CHANGELOG.md, contract/released.yaml and contract/accepted-breaks.yaml are written.
${
  fromUnreleased
    ? `CHANGELOG.md's Unreleased entry is ${version}'s now; check it against make contract-diff's list,`
    : `CHANGELOG.md's Unreleased entry was empty: ${version}'s is drafted from the diff. Edit it (the migration notes, what oasdiff cannot see),`
} then commit the three with openapi.yaml.`);
