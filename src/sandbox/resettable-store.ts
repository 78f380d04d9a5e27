import type { Collection, Placement, Store } from '../store/store.js';

/** A store whose whole content can be put back at once. */
export interface ResettableStore extends Store {
  /** Replaces everything by a freshly opened store; requests in flight finish on the old one. */
  reset(): Promise<void>;
}

/** Delegates to the store `open` makes, until `reset` swaps in another one. */
export async function resettableStore(open: () => Promise<Store>): Promise<ResettableStore> {
  let current = await open();
  return {
    get<T>(collection: Collection, key: string) {
      return current.get<T>(collection, key);
    },
    list<T>(collection: Collection, group: string, page: Parameters<Store['list']>[2]) {
      return current.list<T>(collection, group, page);
    },
    update<T>(collection: Collection, key: string, change: (previous: T | undefined) => T | undefined, placement?: Placement) {
      return current.update<T>(collection, key, change, placement);
    },
    ping: () => current.ping(),
    close: () => current.close(),
    async reset() {
      const previous = current;
      current = await open();
      await previous.close();
    },
  };
}
