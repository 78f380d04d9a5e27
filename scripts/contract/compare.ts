// What the contract's compatibility tools share: oasdiff's changelog of one contract
// against another, sorted into breaking and non-breaking, with the accepted breaks.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { operationsOf } from './operations.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The last released contract, bundled (examples inlined): `make release-contract` writes it. */
export const RELEASED = join(root, 'contract', 'released.yaml');
export const ACCEPTED_BREAKS = join(root, 'contract', 'accepted-breaks.yaml');
export const SPEC = join(root, 'openapi.yaml');

/** One change as oasdiff reports it (`oasdiff changelog --format json`). */
export interface Change {
  id: string;
  text: string;
  /** 3 error (breaking), 2 warning (maybe breaking: a person decides), 1 info. */
  level: 1 | 2 | 3;
  operation?: string;
  path?: string;
  section?: string;
}

export interface AcceptedBreak {
  id: string;
  operation?: string;
  reason: string;
}

export interface Comparison {
  baseVersion: string;
  version: string;
  breaking: (Change & { accepted?: AcceptedBreak })[];
  nonBreaking: Change[];
  /** Entries of the accepted-breaks file that match no change: left over from an earlier change. */
  unusedAccepted: AcceptedBreak[];
  /** The revision's operations ("METHOD /path"), against which a change's operations are described. */
  operations: string[];
}

export const where = (change: Change) => (change.path ? `${change.operation} ${change.path}` : (change.section ?? ''));
export const versionOf = (file: string) =>
  String((parse(readFileSync(file, 'utf8')) as { info: { version: string } }).info.version);

/** openapi.yaml and the examples beside it as they are at a git ref, in a folder of their own (oasdiff resolves ./mocks/ beside the spec). */
export function specAt(ref: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'contract-base-'));
  const archive = execFileSync('git', ['archive', '--format=tar', ref, 'openapi.yaml', 'mocks'], {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  return join(folder, 'openapi.yaml');
}

export function readAcceptedBreaks(): AcceptedBreak[] {
  if (!existsSync(ACCEPTED_BREAKS)) return [];
  const accepted =
    ((parse(readFileSync(ACCEPTED_BREAKS, 'utf8')) ?? {}) as { accepted?: AcceptedBreak[] }).accepted ?? [];
  for (const entry of accepted) {
    if (!entry.id || typeof entry.reason !== 'string' || entry.reason.trim().length < 10) {
      throw new Error(
        `contract/accepted-breaks.yaml: every entry needs an oasdiff rule id and a reason in words: ${JSON.stringify(entry)}`,
      );
    }
  }
  return accepted;
}

/** oasdiff's changelog of `revision` against `base`; OASDIFF names the binary (make installs it into .tools/). */
export function changelog(base: string, revision: string): Change[] {
  const oasdiff = process.env.OASDIFF ?? 'oasdiff';
  // --include-path-params: a renamed path parameter renames the typed client's argument, so it is a removal and an addition.
  // contract/oasdiff-levels.txt: what breaks the typed client (an operation id is a method, a tag an API class, a schema a type).
  const out = execFileSync(
    oasdiff,
    [
      'changelog',
      base,
      revision,
      '--format',
      'json',
      '--include-path-params',
      '--severity-levels',
      join(root, 'contract', 'oasdiff-levels.txt'),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Versions are this project's to judge (see compare), not oasdiff's.
  return (JSON.parse(out || '[]') as Change[]).filter((change) => change.id !== 'api-version-not-bumped');
}

export function compare(base: string, revision: string): Comparison {
  const accepted = readAcceptedBreaks();
  const used = new Set<AcceptedBreak>();
  const changes = changelog(base, revision);
  const breaking = changes
    .filter((change) => change.level >= 2)
    .map((change) => {
      const entry = accepted.find(
        (candidate) =>
          candidate.id === change.id && (candidate.operation === undefined || candidate.operation === where(change)),
      );
      if (entry) used.add(entry);
      return entry ? { ...change, accepted: entry } : change;
    });
  return {
    baseVersion: versionOf(base),
    version: versionOf(revision),
    breaking,
    nonBreaking: changes.filter((change) => change.level < 2),
    unusedAccepted: accepted.filter((entry) => !used.has(entry)),
    operations: operationsOf(revision),
  };
}

export type Bump = 'major' | 'minor' | 'patch' | 'none';
const ORDER: Bump[] = ['none', 'patch', 'minor', 'major'];
export const atLeast = (bump: Bump, needed: Bump) => ORDER.indexOf(bump) >= ORDER.indexOf(needed);

/** The least semver step these changes need: major for an unaccepted break, minor for any other change oasdiff reports. */
export function neededBump({ breaking, nonBreaking }: Comparison): Bump {
  if (breaking.some((change) => !change.accepted)) return 'major';
  return breaking.length + nonBreaking.length > 0 ? 'minor' : 'patch';
}

/** The step from one version to another, or undefined when `to` is not a later X.Y.Z. */
export function bumpBetween(from: string, to: string): Bump | undefined {
  const [a, b] = [from, to].map((version) => /^([0-9]+)\.([0-9]+)\.([0-9]+)$/.exec(version)?.slice(1).map(Number));
  if (!a || !b) return undefined;
  for (const [index, bump] of (['major', 'minor', 'patch'] as const).entries()) {
    if (b[index]! > a[index]!) return bump;
    if (b[index]! < a[index]!) return undefined;
  }
  return 'none';
}

export function nextVersion(from: string, bump: Bump): string {
  const [major = 0, minor = 0, patch = 0] = from.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
