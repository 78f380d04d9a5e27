// The updates a batch takes, and the keys and groups they name (see runBatch in batch.ts).
import type { Change, Collection, StoreQuotas } from '../store.js';

/** One update waiting for its batch: its record (key, group and owner in keyToText's form), its change, its caller. */
export interface Pending {
  collection: Collection;
  key: string;
  group: string | null;
  owner: string | null;
  change: (previous: unknown) => unknown;
  resolve(change: Change<unknown>): void;
  reject(error: unknown): void;
}

/** A record as read: its value, group, owner and bytes. */
export interface Row {
  value: unknown;
  grp: string | null;
  owner: string | null;
  bytes: number;
  /** The value as JSON, once a change of the batch made it. */
  text?: string;
}

/** A record as the batch has it: read, or as an earlier change of the batch left it; undefined when there is none. */
export type State = Row | undefined;

/** A record's id within a batch. */
export const idOf = (collection: string, key: string) => `${collection}\u0000${key}`;

/** The batch's records, each once: their collections and keys as statements take them, and their ids in that order. */
export function distinctIds(batch: Pending[]): { collections: string[]; keys: string[]; order: string[] } {
  const seen = new Set<string>();
  const collections: string[] = [];
  const keys: string[] = [];
  const order: string[] = [];
  for (const { collection, key } of batch) {
    const id = idOf(collection, key);
    if (seen.has(id)) continue;
    seen.add(id);
    collections.push(collection);
    keys.push(key);
    order.push(id);
  }
  return { collections, keys, order };
}

/**
 * The limited groups the batch's records may join, whose sizes the quotas need: a record's group when it is not
 * already in it, and for a key written twice in the batch (an earlier change may take it out of its group).
 */
export function joiningGroups(
  batch: Pending[],
  states: Map<string, State>,
  quotas: StoreQuotas,
): [Collection, string][] {
  const counts = new Map<string, number>();
  for (const pending of batch) {
    const id = idOf(pending.collection, pending.key);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return batch
    .filter((pending) => {
      const id = idOf(pending.collection, pending.key);
      return (
        pending.group !== null &&
        quotas.recordsPerGroup[pending.collection] !== undefined &&
        (states.get(id)?.grp !== pending.group || (counts.get(id) ?? 0) > 1)
      );
    })
    .map((pending): [Collection, string] => [pending.collection, pending.group as string]);
}
