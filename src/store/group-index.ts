import { randomInt } from 'node:crypto';
import { SortedKeys } from '../lib/sorted-keys.js';
import type { Page } from './store.js';

/** One-key groups filed under one hash before the next is filed by name: what finding a group costs at most, in `groupOf` calls. */
export const BUCKET_KEYS = 4;

export interface GroupIndexOptions {
  /** The group the store holds `key`'s record under: one-key groups are found by it, their names not kept. */
  groupOf: (key: string) => string | undefined;
  /** Hears each key the index moves, from the group it was filed under to the one it is now (undefined: none). */
  moved?: (before: string | undefined, after: string | undefined) => void;
  /** A group name's hash; the default is seeded at random for each process. */
  hash?: (group: string) => number;
}

/**
 * Which keys are filed under which group, each group's keys kept sorted (lib/sorted-keys.ts), so a page is two
 * binary searches and a walk, and filing a key costs the same in a group of ten or of a million.
 *
 * A group of one key (a read marker's stream, most often) is filed under a hash of its name, without the name:
 * the store holds each record's group, and `groupOf` reads it to tell the groups under one hash apart. A name took
 * some 60 bytes, a million groups 60 MB. At most BUCKET_KEYS groups share a hash; the next is filed by name, so
 * names made to share a hash cost what they did before, never a longer search. Groups of two keys or more are
 * filed by name. No map from key to group: the store holds that already. Kept in memory; a store rebuilds it on load.
 */
export class GroupIndex {
  /** Groups of two keys or more, and the one-key groups whose hash was taken: by name. */
  private readonly named = new Map<string, SortedKeys | string>();
  /** The other one-key groups, by hash: the key, or the keys of the groups sharing the hash. */
  private readonly hashed = new Map<number, string | string[]>();
  private readonly hash: (group: string) => number;

  constructor(private readonly options: GroupIndexOptions) {
    this.hash = options.hash ?? seededHash();
  }

  /** Whether no key is filed: once every key is taken out, nothing of them is left behind. */
  get empty(): boolean {
    return this.named.size === 0 && this.hashed.size === 0;
  }

  /** The keys filed under `group`. */
  count(group: string): number {
    const keys = this.named.get(group);
    if (keys !== undefined) return typeof keys === 'string' ? 1 : keys.size;
    return this.hashedKey(group) === undefined ? 0 : 1;
  }

  /** Files `key` under `group`, or under none when `group` is undefined, taking it out of `before`, where it was filed. */
  set(key: string, group: string | undefined, before: string | undefined): void {
    if (before === group) return;
    if (before !== undefined) this.remove(key, before);
    if (group !== undefined) this.add(key, group);
    this.options.moved?.(before, group);
  }

  page(group: string, { limit, after }: Page): string[] {
    const keys = this.named.get(group) ?? this.hashedKey(group);
    if (keys === undefined || typeof keys !== 'string') return keys?.page(limit, after) ?? [];
    return limit > 0 && (after === undefined || keys > after) ? [keys] : [];
  }

  private add(key: string, group: string): void {
    const named = this.named.get(group);
    if (named instanceof SortedKeys) named.add(key);
    else if (named !== undefined) this.named.set(group, sorted(named, key));
    else {
      const hash = this.hash(group);
      const other = this.hashedKey(group, hash);
      if (other === undefined) this.addOne(key, group, hash);
      else {
        this.unhash(other, hash);
        this.named.set(group, sorted(other, key));
      }
    }
  }

  private remove(key: string, group: string): void {
    const named = this.named.get(group);
    if (named === undefined) this.unhash(key, this.hash(group));
    else if (typeof named === 'string') {
      if (named === key) this.named.delete(group);
    } else if (named.delete(key) && named.size < 2) {
      this.named.delete(group);
      const [last] = named.page(1);
      if (last !== undefined) this.addOne(last, group);
    }
  }

  /** Files the only key of `group`: under its hash while the hash has room, else by name. */
  private addOne(key: string, group: string, hash = this.hash(group)): void {
    const keys = this.hashed.get(hash);
    if (keys === undefined) this.hashed.set(hash, key);
    else if (typeof keys === 'string') this.hashed.set(hash, [keys, key]);
    else if (keys.length < BUCKET_KEYS) keys.push(key);
    else this.named.set(group, key);
  }

  /** The key of `group` if it is a one-key group filed by hash. */
  private hashedKey(group: string, hash = this.hash(group)): string | undefined {
    const keys = this.hashed.get(hash);
    if (keys === undefined) return undefined;
    if (typeof keys === 'string') return this.options.groupOf(keys) === group ? keys : undefined;
    return keys.find((key) => this.options.groupOf(key) === group);
  }

  private unhash(key: string, hash: number): void {
    const keys = this.hashed.get(hash);
    if (keys === key) this.hashed.delete(hash);
    else if (Array.isArray(keys)) {
      const rest = keys.filter((one) => one !== key);
      if (rest.length === 1) this.hashed.set(hash, rest[0] as string);
      else this.hashed.set(hash, rest);
    }
  }
}

function sorted(...keys: string[]): SortedKeys {
  const set = new SortedKeys();
  for (const key of keys) set.add(key);
  return set;
}

/**
 * A 32-bit hash of a string, seeded at random, so which names share a hash cannot be known outside the
 * process (the mixing is MurmurHash3's; its result fits a small integer, which a map keeps without a box).
 */
function seededHash(): (text: string) => number {
  const seed = randomInt(2 ** 32 - 1);
  return (text) => {
    let hash = seed;
    for (let index = 0; index < text.length; index++) {
      hash = Math.imul(hash ^ text.charCodeAt(index), 0xcc9e2d51);
      hash = Math.imul((hash << 15) | (hash >>> 17), 0x1b873593);
    }
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
    return hash >> 1;
  };
}
