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
/** What contract/accepted-breaks.yaml holds, above its list (make release-contract writes it again, emptied). */
export const ACCEPTED_BREAKS_HEADER = `# The breaks of the next release against the last (contract/released.yaml), each with its reason. A break
# is a change that can break a client: a release holding one is a new major version, and make contract-diff and
# make release-contract refuse it otherwise, or without its entry here. Two kinds of entry:
#
#   - id: request-property-max-length-decreased   # a break oasdiff reports, by its rule id
#     operation: PUT /api/notifications/devices   # where it applies (none: wherever the rule id is reported)
#     reason: Why breaking it is right, and what a client does.
#   - unseen: stream-readers                      # a break no diff of openapi.yaml shows (a rule stated in words)
#     operations: ['GET /api/streams/{streamId}'] # where it applies (none: every operation)
#     mechanism: What a client now meets, in a line.
#     reason: Why breaking it is right.
#
# CHANGELOG.md's Unreleased entry names each unseen break in a bullet marked "Breaking, unseen by oasdiff", with
# <!-- unseen: <name> -->. make release-contract writes the reasons into CHANGELOG.md and empties this list.
`;

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

/** A break oasdiff reports, accepted for the next release: its rule id, where ("METHOD /path"; none: everywhere), why. */
export interface AcceptedBreak {
  id: string;
  operation?: string;
  reason: string;
}

/**
 * A break no diff of openapi.yaml shows (a rule the contract states in words): a name of its own, the operations it
 * touches (none: every one), how it breaks a client, why. CHANGELOG.md's Unreleased entry names it (`unseen: <name>`).
 */
export interface UnseenBreak {
  unseen: string;
  operations?: string[];
  mechanism: string;
  reason: string;
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

/** contract/accepted-breaks.yaml: each break of the next release with its reason, those oasdiff cannot see apart. */
export function readAcceptedBreaks(): { seen: AcceptedBreak[]; unseen: UnseenBreak[] } {
  if (!existsSync(ACCEPTED_BREAKS)) return { seen: [], unseen: [] };
  const entries =
    ((parse(readFileSync(ACCEPTED_BREAKS, 'utf8')) ?? {}) as { accepted?: Partial<AcceptedBreak & UnseenBreak>[] })
      .accepted ?? [];
  const words = (text: unknown) => typeof text === 'string' && text.trim().length >= 10;
  for (const entry of entries) {
    if (
      !(entry.id ?? entry.unseen) ||
      !words(entry.reason) ||
      (entry.unseen !== undefined && !words(entry.mechanism))
    ) {
      throw new Error(
        'contract/accepted-breaks.yaml: every entry needs an oasdiff rule id (or, for a break oasdiff cannot see, ' +
          `\`unseen\`: a name, and its mechanism in words) and a reason in words: ${JSON.stringify(entry)}`,
      );
    }
  }
  return {
    seen: entries.filter((entry) => entry.unseen === undefined) as AcceptedBreak[],
    unseen: entries.filter((entry) => entry.unseen !== undefined) as UnseenBreak[],
  };
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
