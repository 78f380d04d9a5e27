// The contract's versions (SemVer 2.0.0, as npm reads them): X.Y.Z for a release, and X.Y.Z-<pre-release> (2.0.0-dev)
// for a build of openapi.yaml not yet released, naming the release it leads to.

export type Bump = 'major' | 'minor' | 'patch' | 'none';
const ORDER: Bump[] = ['none', 'patch', 'minor', 'major'];
export const atLeast = (bump: Bump, needed: Bump) => ORDER.indexOf(bump) >= ORDER.indexOf(needed);

const IDENTIFIER = '(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)';
const SEMVER = new RegExp(
  `^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?$`,
);

interface Version {
  core: [number, number, number];
  preRelease?: string;
}

function parsed(version: string): Version | undefined {
  const match = SEMVER.exec(version);
  if (!match) return undefined;
  const core = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  return match[4] === undefined ? { core } : { core, preRelease: match[4] };
}

export const isPreRelease = (version: string) => parsed(version)?.preRelease !== undefined;

/** The release a version leads to (2.0.0 for 2.0.0-dev), or undefined when it is no semantic version. */
export const releaseOf = (version: string) => parsed(version)?.core.join('.');

/**
 * The step from one version to another, a pre-release counting as the release it leads to; undefined when `to` is no
 * semantic version or comes before `from` (1.0.0-dev comes before 1.0.0).
 */
export function bumpBetween(from: string, to: string): Bump | undefined {
  const [a, b] = [parsed(from), parsed(to)];
  if (!a || !b) return undefined;
  for (const [index, bump] of (['major', 'minor', 'patch'] as const).entries()) {
    const [was, is] = [a.core[index] ?? 0, b.core[index] ?? 0];
    if (is > was) return bump;
    if (is < was) return undefined;
  }
  return b.preRelease !== undefined && a.preRelease === undefined ? undefined : 'none';
}

export function nextVersion(from: string, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = parsed(from)?.core ?? [];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
