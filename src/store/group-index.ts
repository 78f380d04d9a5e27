import { SortedKeys } from '../lib/sorted-keys.js';
import type { Page } from './store.js';

/**
 * Which keys are filed under which group, each group's keys kept sorted (lib/sorted-keys.ts), so a page is
 * two binary searches and a walk, and filing a key costs the same in a group of ten or of a million.
 * Kept in memory; a store rebuilds it on load.
 */
export class GroupIndex {
  private readonly keysByGroup = new Map<string, SortedKeys>();
  private readonly groupByKey = new Map<string, string>();

  /** Files `key` under `group`, or under none when `group` is undefined. */
  set(key: string, group: string | undefined): void {
    const before = this.groupByKey.get(key);
    if (before === group) return;
    if (before !== undefined) this.remove(key, before);
    if (group === undefined) return;
    this.groupByKey.set(key, group);
    let keys = this.keysByGroup.get(group);
    if (!keys) this.keysByGroup.set(group, (keys = new SortedKeys()));
    keys.add(key);
  }

  groupOf(key: string): string | undefined {
    return this.groupByKey.get(key);
  }

  page(group: string, { limit, after }: Page): string[] {
    return this.keysByGroup.get(group)?.page(limit, after) ?? [];
  }

  private remove(key: string, group: string): void {
    this.groupByKey.delete(key);
    const keys = this.keysByGroup.get(group);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByGroup.delete(group);
  }
}
