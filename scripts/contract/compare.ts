// What the contract's compatibility tools share: oasdiff's changelog of one contract
// against another, sorted into breaking and non-breaking, with the accepted breaks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { readAcceptedBreaks, type AcceptedBreak, type UnseenBreak } from './accepted-breaks.js';
import { operationsOf } from './operations.js';

export {
  ACCEPTED_BREAKS,
  ACCEPTED_BREAKS_HEADER,
  readAcceptedBreaks,
  type AcceptedBreak,
  type UnseenBreak,
} from './accepted-breaks.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The last released contract, bundled (examples inlined): `make release-contract` writes it. */
export const RELEASED = join(root, 'contract', 'released.yaml');
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

export interface Comparison {
  baseVersion: string;
  version: string;
  breaking: (Change & { accepted?: AcceptedBreak })[];
  nonBreaking: Change[];
  /** The breaks oasdiff cannot see, as contract/accepted-breaks.yaml states them. */
  unseen: UnseenBreak[];
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
      // A specialised problem is allOf Problem and its extension: compared as the one object it is, member by member.
      '--flatten-allof',
      // Parameters a path shares (its ids) are each operation's own, wherever they are declared.
      '--flatten-params',
      '--severity-levels',
      join(root, 'contract', 'oasdiff-levels.txt'),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Versions are this project's to judge (see compare), not oasdiff's.
  return (JSON.parse(out || '[]') as Change[]).filter((change) => change.id !== 'api-version-not-bumped');
}

export function compare(base: string, revision: string): Comparison {
  const { seen: accepted, unseen } = readAcceptedBreaks();
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
    unseen,
    unusedAccepted: accepted.filter((entry) => !used.has(entry)),
    operations: operationsOf(revision),
  };
}
