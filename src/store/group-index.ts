import { SortedKeys } from '../lib/sorted-keys.js';
import type { Page } from './store.js';

/**
 * Which keys are filed under which group, each group's keys kept sorted (lib/sorted-keys.ts), so a page is
 * two binary searches and a walk, and filing a key costs the same in a group of ten or of a million. A group
 * of one key (a read marker's stream, most often) holds the key itself: a sorted set costs some 200 bytes.
 * Kept in memory; a store rebuilds it on load.
 */
export class GroupIndex {
  private readonly keysByGroup = new Map<string, SortedKeys | string>();
  private readonly groupByKey = new Map<string, string>();

  /** Files `key` under `group`, or under none when `group` is undefined. */
  set(key: string, group: string | undefined): void {
    const before = this.groupByKey.get(key);
    if (before === group) return;
    if (before !== undefined) this.remove(key, before);
    if (group === undefined) return;
    this.groupByKey.set(key, group);
    const keys = this.keysByGroup.get(group);
    if (keys === undefined) this.keysByGroup.set(group, key);
    else if (typeof keys === 'string') this.keysByGroup.set(group, sorted(keys, key));
    else keys.add(key);
  }

  groupOf(key: string): string | undefined {
    return this.groupByKey.get(key);
  }

  page(group: string, { limit, after }: Page): string[] {
    const keys = this.keysByGroup.get(group);
    if (typeof keys !== 'string') return keys?.page(limit, after) ?? [];
    return limit > 0 && (after === undefined || keys > after) ? [keys] : [];
  }

  private remove(key: string, group: string): void {
    this.groupByKey.delete(key);
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
