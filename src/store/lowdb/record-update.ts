import type { Change, Collection, Placement, Store } from '../store.js';
import type { CommitQueue } from './engine/commit-queue.js';
import { serialize, storedSize, type Serialized, type Stored } from './engine/record-text.js';
import type { StatedSize } from './engine/stated-size.js';
import type { OpenFiles } from './open-files.js';

/**
 * A lowdb store's update: `change` runs on the record's last staged value if there is one, else on the committed
 * one; the result is serialised once, checked against the quotas and the stated size before it is staged (so a
 * refusal leaves nothing behind), and `commit` resolves once it is durable.
 */
export function recordUpdate(
  { committed, accounts }: OpenFiles,
  stated: StatedSize,
  queue: CommitQueue<Serialized>,
  commit: (op: Serialized) => Promise<void>,
): Store['update'] {
  /** What the committed record takes, from its text (parsed already as `stored`). */
  const committedAccount = (collection: Collection, key: string, stored: Stored | undefined) => {
    const record = committed.text(collection, key);
    return stored && record !== undefined ? accounts.of(collection, key, stored, storedSize(key, record)) : undefined;
  };

  return async <T>(
    collection: Collection,
    key: string,
    change: (previous: T | undefined) => T | undefined,
    { group, owner }: Placement = {},
  ) => {
    const staged = queue.staging([collection, key]);
    const stored = staged === undefined ? committed.get(collection, key) : (staged[2] ?? undefined);
    const previous = stored?.value as T | undefined;
    const current = change(previous);
    if (previous === undefined && current === undefined) return { previous, current };
    const op = serialize(
      [
        collection,
        key,
        current === undefined
          ? null
          : { value: current, ...(group === undefined ? {} : { group }), ...(owner === undefined ? {} : { owner }) },
      ],
      stored?.group,
    );
    const before = staged === undefined ? committedAccount(collection, key, stored) : accounts.ofOp(staged);
    const after = accounts.ofOp(op);
    accounts.check(collection, before, after); // or QuotaExceededError, with nothing staged
    stated.check(before?.size, after?.size); // or StoreFullError, with nothing staged
    accounts.change(collection, before, after);
    stated.warnNearFull();
    await commit(op);
    return { previous, current } satisfies Change<T>;
  };
}
