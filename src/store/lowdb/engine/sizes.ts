import { COLLECTIONS, type Collection } from '../../store.js';

/**
 * Stored bytes per record (the UTF-8 bytes of its shard line, see recordLine), and
 * their total and count. Each record's size is kept, so a replaced or deleted
 * record takes exactly its own bytes away.
 */
export class Sizes {
  private readonly byCollection = {} as Record<Collection, Map<string, number>>;
  private bytes = 0;
  private count = 0;

  constructor() {
    for (const collection of COLLECTIONS) this.byCollection[collection] = new Map();
  }

  /** Stored bytes of all records. */
  get total(): number {
    return this.bytes;
  }

  get records(): number {
    return this.count;
  }

  sizeOf(collection: Collection, key: string): number | undefined {
    return this.byCollection[collection].get(key);
  }

  /** The record now holds `bytes`; undefined when it is gone. */
  set(collection: Collection, key: string, bytes: number | undefined): void {
    const sizes = this.byCollection[collection];
    const before = sizes.get(key);
    if (before !== undefined) {
      this.bytes -= before;
      this.count--;
    }
    if (bytes === undefined) {
      sizes.delete(key);
    } else {
      sizes.set(key, bytes);
      this.bytes += bytes;
      this.count++;
    }
  }
}
