import { GroupIndex } from '../group-index.js';
import type { Change, Collection, Entry, Page, Placement, Store, StoreQuotas } from '../store.js';
import { Usage } from '../usage.js';

/**
 * Everything in memory, nothing on disk: the sandbox's store, and the baseline
 * the benchmark compares the durable stores with. Never used where durability is claimed.
 */
export function openMemoryStore(options: { quotas?: StoreQuotas } = {}): Store {
  const tables = new Map<Collection, { records: Map<string, unknown>; index: GroupIndex }>();
  const table = (collection: Collection) => {
    let found = tables.get(collection);
    if (!found) tables.set(collection, (found = { records: new Map(), index: new GroupIndex() }));
    return found;
  };
  const usage = new Usage(options.quotas);
  let open = true;
  return {
    async get<T>(collection: Collection, key: string) {
      return table(collection).records.get(key) as T | undefined;
    },
    async list<T>(collection: Collection, group: string, page: Page) {
      const { records, index } = table(collection);
      return index.page(group, page).map((key) => ({ key, value: records.get(key) as T }) satisfies Entry<T>);
    },
    async update<T>(collection: Collection, key: string, change: (previous: T | undefined) => T | undefined, { group, owner }: Placement = {}) {
      const { records, index } = table(collection);
      const previous = records.get(key) as T | undefined;
      const current = change(previous);
      const footprint = current === undefined ? undefined : { owner, group, bytes: Buffer.byteLength(JSON.stringify(current)) };
      usage.check(collection, key, footprint);
      usage.set(collection, key, footprint);
      if (current === undefined) records.delete(key);
      else records.set(key, current);
      index.set(key, current === undefined ? undefined : group);
      return { previous, current } satisfies Change<T>;
    },
    async ping() {
      if (!open) throw new Error('the store is closed');
    },
    async close() {
      open = false;
    },
  };
}
