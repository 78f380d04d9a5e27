// contract/accepted-breaks.yaml: the breaks of the next release, each with its reason, oasdiff's by rule id and those
// it cannot see by a name of their own (docs/contract.md, What counts as breaking).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const ACCEPTED_BREAKS = join(import.meta.dirname, '..', '..', 'contract', 'accepted-breaks.yaml');
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
