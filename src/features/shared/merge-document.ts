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

/** Thrown inside the atomic step when the merge changes nothing, so nothing is written: the document as it was. */
class Unchanged<T> extends Error {
  constructor(readonly document: T) {
    super('the merge patch changes nothing');
  }
}

/**
 * Merges `patch` into the caller's stored document at `key` (none stored: `defaults`) and stamps it, if the
 * preconditions hold over that document; returns the result. A patch that changes nothing writes nothing and
 * returns the document as it was, its `updatedAt` (and so its ETag) kept.
 */
export async function mergeDocument<T extends Stamped>(
  { store, clock, caller, preconditions = {} }: Context,
  { collection, key, patch, defaults }: Merge<T>,
): Promise<T> {
  try {
    const { current } = await store.update<T>(
      collection,
      key,
      (stored) => {
        const previous = stored ?? defaults;
        checkPreconditions(preconditions, () => previous);
        const { updatedAt, ...document } = previous ?? {};
        // The merge result is the stored document with a patch the contract validated.
        const result = mergePatch(document, patch) as object;
        if (previous !== undefined && JSON.stringify(result) === JSON.stringify(document))
          throw new Unchanged(previous);
        const merged = { ...result, updatedAt: nextTimestamp(updatedAt, clock.now()) } as T;
        checkDocumentSize(merged);
        return merged;
      },
      { owner: caller },
    );
    return current as T;
  } catch (error) {
    if (error instanceof Unchanged) return error.document as T;
    throw error;
  }
}
