import type { Clock } from '../../lib/clock.js';
import type { Collection, Store } from '../../store/store.js';
import { checkDocumentSize } from '../../lib/document-cap.js';
import type { Preconditions } from '../../lib/etag.js';
import { mergePatch } from '../../lib/merge-patch.js';
import { nextTimestamp } from '../../lib/time.js';
import { checkPreconditions } from './preconditions.js';

interface Stamped {
  updatedAt: string;
}

/**
 * Merges `patch` into `owner`'s stored document at `key` (none stored: `defaults`, as a GET shows it) and stamps it,
 * if `preconditions` hold over that document; returns the result.
 */
export async function mergeDocument<T extends Stamped>(
  store: Store,
  clock: Clock,
  collection: Collection,
  key: string,
  patch: object,
  owner: string,
  preconditions: Preconditions = {},
  defaults?: T,
): Promise<T> {
  const { current } = await store.update<T>(
    collection,
    key,
    (stored) => {
      const previous = stored ?? defaults;
      checkPreconditions(preconditions, previous);
      const { updatedAt, ...document } = previous ?? {};
      // The merge result is the stored document with a patch the contract validated.
      const merged = {
        ...(mergePatch(document, patch) as object),
        updatedAt: nextTimestamp(updatedAt, clock.now()),
      } as T;
      checkDocumentSize(merged);
      return merged;
    },
    { owner },
  );
  return current as T;
}
