/** Keys a chunk holds before it is split in two: inserting moves at most this many, however many keys there are. */
const CHUNK = 512;

/**
 * A set of strings in code-unit order, kept as sorted chunks of at most 2 × CHUNK (as Python's SortedList keeps
 * them): finding a key is two binary searches, and adding or removing one moves at most a chunk's keys, so the
 * cost stays flat as a group grows to hundreds of thousands (one sorted array moved half of them on each insert).
 */
export class SortedKeys {
  private readonly chunks: string[][] = [];
  /** The last (largest) key of each chunk, to find a key's chunk by binary search. */
  private readonly lasts: string[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds `key`; false when it was there already. */
  add(key: string): boolean {
    if (this.chunks.length === 0) {
      this.chunks.push([key]);
      this.lasts.push(key);
      this.count = 1;
      return true;
    }
    const index = Math.min(firstAtOrAbove(this.lasts, key), this.chunks.length - 1);
    const chunk = this.chunks[index] as string[];
    const at = firstAtOrAbove(chunk, key);
    if (chunk[at] === key) return false;
    chunk.splice(at, 0, key);
    if (at === chunk.length - 1) this.lasts[index] = key;
    this.count++;
    if (chunk.length > 2 * CHUNK) {
      const upper = chunk.splice(CHUNK);
      this.chunks.splice(index + 1, 0, upper);
      this.lasts.splice(index, 1, chunk[chunk.length - 1] as string, upper[upper.length - 1] as string);
    }
    return true;
  }

  /** Removes `key`; false when it was not there. */
  delete(key: string): boolean {
    const index = firstAtOrAbove(this.lasts, key);
    const chunk = this.chunks[index];
    if (!chunk) return false;
    const at = firstAtOrAbove(chunk, key);
    if (chunk[at] !== key) return false;
    chunk.splice(at, 1);
    this.count--;
    if (chunk.length === 0) {
      this.chunks.splice(index, 1);
      this.lasts.splice(index, 1);
    } else if (at === chunk.length) this.lasts[index] = chunk[chunk.length - 1] as string;
    return true;
  }

  /** At most `limit` keys in order, from the first above `after` (from the first key without it). */
  page(limit: number, after?: string): string[] {
    const keys: string[] = [];
    let index = after === undefined ? 0 : firstAbove(this.lasts, after);
    let at = after === undefined ? 0 : firstAbove(this.chunks[index] ?? [], after);
    for (; index < this.chunks.length && keys.length < limit; index++, at = 0) {
      const chunk = this.chunks[index] as string[];
      for (; at < chunk.length && keys.length < limit; at++) keys.push(chunk[at] as string);
    }
    return keys;
  }
}

/** The index of the first of the sorted `keys` at or above `key` (its length when none is). */
function firstAtOrAbove(keys: string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] as string) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of the first of the sorted `keys` above `key`. */
function firstAbove(keys: string[], key: string): number {
  const at = firstAtOrAbove(keys, key);
  return keys[at] === key ? at + 1 : at;
}
