import type { Collection, Store } from '../../src/store/store.js';

/** A store whose next update of `collection` waits, once armed, until released: a request held in flight. */
export function gatedStore(
  store: Store,
  collection: Collection,
): Store & { arm(): { reached: Promise<void>; release(): void } } {
  let gate: { reached: () => void; opened: Promise<void> } | undefined;
  return {
    ...store,
    async update(name, key, change, placement) {
      const waiting = name === collection ? gate : undefined;
      if (waiting) {
        gate = undefined;
        waiting.reached();
        await waiting.opened;
      }
      return store.update(name, key, change, placement);
    },
    arm() {
      let reached!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => {
        reached = resolve;
      });
      gate = {
        reached,
        opened: new Promise<void>((resolve) => {
          release = resolve;
        }),
      };
      return { reached: arrived, release };
    },
  };
}

/** A store whose next `count` updates of `collection` fail with `failure()`, keeping nothing. */
export function failingStore(
  store: Store,
  collection: Collection,
  failure: () => Error,
): Store & { failNext(count?: number): void } {
  let failures = 0;
  return {
    ...store,
    async update(name, key, change, placement) {
      if (name === collection && failures > 0) {
        failures--;
        throw failure();
      }
      return store.update(name, key, change, placement);
    },
    failNext(count = 1) {
      failures = count;
    },
  };
}
