import { type Change, type Collection, type Store } from '../../src/store/store.js';

/**
 * Benchmark only: the store's in-memory work without the disk, so that the HTTP
 * benchmark compares request handling alone. Never used where durability is claimed.
 */
export function memoryStore(): Store {
  const tables = new Map<Collection, Map<string, unknown>>();
  const table = (collection: Collection) => tables.get(collection) ?? tables.set(collection, new Map()).get(collection)!;
  return {
    async get<T>(collection: Collection, key: string) {
      return table(collection).get(key) as T | undefined;
    },
    async list<T>(collection: Collection, prefix = '') {
      return [...table(collection)].filter(([key]) => key.startsWith(prefix)).map(([, value]) => value as T);
    },
    async update<T>(collection: Collection, key: string, change: (previous: T | undefined) => T | undefined) {
      const previous = table(collection).get(key) as T | undefined;
      const current = change(previous);
      if (current === undefined) table(collection).delete(key);
      else table(collection).set(key, current);
      return { previous, current } satisfies Change<T>;
    },
    async close() {},
  };
}

