import { SortedKeys } from '../lib/sorted-keys.js';
import type { Page } from './store.js';

/**
 * Which keys are filed under which group, each group's keys kept sorted (lib/sorted-keys.ts), so a page is
 * two binary searches and a walk, and filing a key costs the same in a group of ten or of a million. A group
 * of one key (a read marker's stream, most often) holds the key itself: a sorted set costs some 200 bytes.
 * No map from key to group: the store holds each record's group already, and such a map took some 40 bytes a
 * record (40 MB at a million). Kept in memory; a store rebuilds it on load.
 */
export class GroupIndex {
  private readonly keysByGroup = new Map<string, SortedKeys | string>();

  /** Whether no key was ever filed, or all were taken out: a store then need not look up a record's group. */
  get empty(): boolean {
    return this.keysByGroup.size === 0;
  }

  /** Files `key` under `group`, or under none when `group` is undefined, taking it out of `before`, where it was filed. */
  set(key: string, group: string | undefined, before: string | undefined): void {
    if (before === group) return;
    if (before !== undefined) this.remove(key, before);
    if (group === undefined) return;
    const keys = this.keysByGroup.get(group);
    if (keys === undefined) this.keysByGroup.set(group, key);
    else if (typeof keys === 'string') this.keysByGroup.set(group, sorted(keys, key));
    else keys.add(key);
  }

  page(group: string, { limit, after }: Page): string[] {
    const keys = this.keysByGroup.get(group);
    if (typeof keys !== 'string') return keys?.page(limit, after) ?? [];
    return limit > 0 && (after === undefined || keys > after) ? [keys] : [];
  }

  private remove(key: string, group: string): void {
    const keys = this.keysByGroup.get(group);
    if (typeof keys === 'string') {
      if (keys === key) this.keysByGroup.delete(group);
      return;
    }
    keys?.delete(key);
    if (keys?.size === 0) this.keysByGroup.delete(group);
  }
}

function sorted(...keys: string[]): SortedKeys {
  const set = new SortedKeys();
  for (const key of keys) set.add(key);
  return set;
}
