import { endOfTurn } from '../../lib/end-of-turn.js';
import { GroupIndex } from '../group-index.js';
import { storedRecord } from '../records.js';
import {
  COLLECTIONS,
  type Change,
  type Collection,
  type Entry,
  type Page,
  type Placement,
  type Store,
  type StoreQuotas,
} from '../store.js';
import { chargedBytes, Usage } from '../usage.js';

interface Held {
  value: unknown;
  placement: Placement;
}

/**
 * Everything in memory, nothing on disk: the sandbox's store, and the baseline
 * the benchmark compares the durable stores with. Never used where durability is claimed.
 * A write is applied at once and answered once its turn of the event loop has ended,
 * together with the turn's other writes, as the durable stores answer a group commit.
 */
export function openMemoryStore(options: { quotas?: StoreQuotas } = {}): Store {
  const tables = new Map<Collection, { records: Map<string, Held>; index: GroupIndex }>();
  const table = (collection: Collection) => {
    let found = tables.get(collection);
    if (!found) tables.set(collection, (found = { records: new Map(), index: new GroupIndex() }));
    return found;
  };
  const usage = new Usage(options.quotas);
  let open = true;
  return {
    async get<T>(collection: Collection, key: string) {
      return table(collection).records.get(key)?.value as T | undefined;
    },
    async list<T>(collection: Collection, group: string, page: Page) {
      const { records, index } = table(collection);
      return index.page(group, page).map((key) => ({ key, value: records.get(key)?.value as T }) satisfies Entry<T>);
    },
    async update<T>(
      collection: Collection,
      key: string,
      change: (previous: T | undefined) => T | undefined,
      { group, owner }: Placement = {},
    ) {
      const { records, index } = table(collection);
      const previous = records.get(key)?.value as T | undefined;
      const current = change(previous);
      const footprint =
        current === undefined || !usage.counting
          ? undefined
          : { owner, group, bytes: chargedBytes(collection, key, Buffer.byteLength(JSON.stringify(current))) };
      usage.check(collection, key, footprint);
      usage.set(collection, key, footprint);
      if (current === undefined) records.delete(key);
      else records.set(key, { value: current, placement: { group, owner } });
      index.set(key, current === undefined ? undefined : group);
      await endOfTurn(); // applied at once, answered with the turn's other writes (the durable stores commit in groups)
      return { previous, current } satisfies Change<T>;
    },
    /** A copy of every record's reference, taken at once: values are never changed in place. */
    async *records() {
      const snapshot = COLLECTIONS.map(
        (collection) => [collection, [...table(collection).records].sort(([a], [b]) => (a < b ? -1 : 1))] as const,
      );
      for (const [collection, entries] of snapshot) {
        for (const [key, { value, placement }] of entries) yield storedRecord(collection, key, { value, ...placement });
      }
    },
    async ping() {
      if (!open) throw new Error('the store is closed');
    },
    async close() {
      open = false;
    },
  };
}
