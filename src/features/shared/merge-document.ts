import type { Collection } from '../../store/store.js';
import { checkDocumentSize } from '../../lib/document-cap.js';
import { mergePatch } from '../../lib/merge-patch.js';
import { nextTimestamp } from '../../lib/time.js';
import type { Context } from './context.js';
import { checkPreconditions } from './preconditions.js';

interface Stamped {
  updatedAt: string;
}

/** Which document a merge is into, and what: `key` in `collection`, and `defaults` when none is stored (as a GET shows it). */
interface Merge<T> {
  collection: Collection;
  key: string;
  patch: object;
  defaults?: T;
}

/**
 * Merges `patch` into the caller's stored document at `key` (none stored: `defaults`) and stamps it, if the
 * preconditions hold over that document; returns the result.
 */
export async function mergeDocument<T extends Stamped>(
  { store, clock, caller, preconditions = {} }: Context,
  { collection, key, patch, defaults }: Merge<T>,
): Promise<T> {
  const { current } = await store.update<T>(
    collection,
    key,
    (stored) => {
      const previous = stored ?? defaults;
      checkPreconditions(preconditions, () => previous);
      const { updatedAt, ...document } = previous ?? {};
      // The merge result is the stored document with a patch the contract validated.
      const merged = {
        ...(mergePatch(document, patch) as object),
        updatedAt: nextTimestamp(updatedAt, clock.now()),
      } as T;
      checkDocumentSize(merged);
      return merged;
    },
    { owner: caller },
  );
  return current as T;
}
