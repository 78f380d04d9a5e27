import type { Page } from './store.js';

/**
 * Which keys are filed under which group, each group's keys kept sorted, so a
 * page is a binary search and a slice. Kept in memory; a store rebuilds it on load.
 */
export class GroupIndex {
  private readonly keysByGroup = new Map<string, string[]>();
  private readonly groupByKey = new Map<string, string>();

  /** Files `key` under `group`, or under none when `group` is undefined. */
  set(key: string, group: string | undefined): void {
    const before = this.groupByKey.get(key);
    if (before === group) return;
    if (before !== undefined) this.remove(key, before);
    if (group === undefined) return;
    this.groupByKey.set(key, group);
    let keys = this.keysByGroup.get(group);
    if (!keys) this.keysByGroup.set(group, (keys = []));
    keys.splice(firstAfter(keys, key, true), 0, key);
  }

  groupOf(key: string): string | undefined {
    return this.groupByKey.get(key);
  }

  page(group: string, { limit, after }: Page): string[] {
    const keys = this.keysByGroup.get(group) ?? [];
    const start = after === undefined ? 0 : firstAfter(keys, after, false);
    return keys.slice(start, start + limit);
  }

  private remove(key: string, group: string): void {
    this.groupByKey.delete(key);
    const keys = this.keysByGroup.get(group) ?? [];
    const at = firstAfter(keys, key, true);
    if (keys[at] === key) keys.splice(at, 1);
    if (keys.length === 0) this.keysByGroup.delete(group);
  }
}

/** The index of the first key above `key` (or at it, when `inclusive`). */
function firstAfter(keys: string[], key: string, inclusive: boolean): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const probe = keys[middle] ?? '';
    if (probe < key || (!inclusive && probe === key)) low = middle + 1;
    else high = middle;
  }
  return low;
}
