// What a release promises (docs/contract.md): a change that can break a client comes in a new major version, with
// its reason in contract/accepted-breaks.yaml and its note in CHANGELOG.md; any other change in a new minor one; and
// openapi.yaml, changed since its last release, says so by a pre-release version of what it will be. make
// contract-diff and make release-contract refuse what breaks the promise, with these faults.
import { relative } from 'node:path';
import { ACCEPTED_BREAKS, root, type Comparison } from './compare.js';
import { atLeast, bumpBetween, nextVersion, releaseOf, type Bump } from './versions.js';

/** The least step these changes need: major for any break (oasdiff's or one it cannot see), minor for any other change. */
export function neededBump({ breaking, unseen, nonBreaking }: Comparison): Bump {
  if (breaking.length + unseen.length > 0) return 'major';
  return nonBreaking.length > 0 ? 'minor' : 'patch';
}

/** Why info.version does not say what the changes are, as sentences; none when it does. */
export function versionFaults(comparison: Comparison): string[] {
  const { baseVersion, version, breaking, unseen } = comparison;
  if (releaseOf(version) === undefined)
    return [`info.version ${version} is not a semantic version (X.Y.Z; X.Y.Z-dev while not released).`];
  const bump = bumpBetween(baseVersion, version);
  if (bump === undefined) return [`info.version ${version} comes before the last release, ${baseVersion}.`];
  const needed = neededBump(comparison);
  if (needed === 'patch' || atLeast(bump, needed)) return [];
  const next = nextVersion(baseVersion, needed);
  if (needed === 'major') {
    const breaks = breaking.length + unseen.length;
    return [
      `${breaks} breaking change(s) against ${baseVersion} need a new major version: ${next} (${next}-dev until it is ` +
        `released), with each break's reason in ${relative(root, ACCEPTED_BREAKS)}.`,
    ];
  }
  return [
    `openapi.yaml changed since ${baseVersion} but says ${version}: set ${next}-dev (a build not yet released), ` +
      `${next} to release it.`,
  ];
}

/** The breaks oasdiff reports that contract/accepted-breaks.yaml gives no reason for. */
export const unreasoned = ({ breaking }: Comparison) => breaking.filter((change) => !change.accepted);

/**
 * Where CHANGELOG.md's Unreleased entry and the breaks oasdiff cannot see disagree: an entry of
 * contract/accepted-breaks.yaml it does not name (`unseen: <name>`), or a bullet marked "Breaking, unseen by oasdiff"
 * naming none of them.
 */
export function unseenFaults({ unseen }: Comparison, entry: string): string[] {
  const named = new Set([...entry.matchAll(/unseen: ([a-z0-9-]+)/g)].map((match) => match[1]));
  const faults = unseen
    .filter((entry) => !named.has(entry.unseen))
    .map(
      (entry) =>
        `CHANGELOG.md's Unreleased entry says nothing of the break oasdiff cannot see \`${entry.unseen}\` ` +
        `(a bullet marked "Breaking, unseen by oasdiff" with <!-- unseen: ${entry.unseen} -->).`,
    );
  const known = new Set(unseen.map((entry) => entry.unseen));
  for (const bullet of entry.split(/\n(?=- )/).filter((text) => text.includes('Breaking, unseen by oasdiff'))) {
    const names = [...bullet.matchAll(/unseen: ([a-z0-9-]+)/g)].map((match) => match[1] ?? '');
    if (!names.some((name) => known.has(name)))
      faults.push(
        `CHANGELOG.md's Unreleased entry has a break oasdiff cannot see that ${relative(root, ACCEPTED_BREAKS)} ` +
          `does not state (an entry with \`unseen\`, its mechanism and reason): ${bullet.slice(0, 100)}…`,
      );
  }
  return faults;
}
