import { setImmediate as nextTurn } from 'node:timers/promises';
import { storedRecord } from '../../records.js';
import { COLLECTIONS, type StoredRecord } from '../../store.js';
import { parseRecord } from './record-text.js';
import type { Shards, Table } from './shards.js';

/**
 * A consistent view of the committed records as of its start, read while changes go
 * on: before a change replaces a record of a shard the view has not finished with,
 * the view keeps the record as it was (copy on write). A record is its text, so a kept
 * reference stays what it was. It
 * costs the records changed while it is read, not the size of the store.
 */
export class Snapshot {
  private readonly kept = new Map<Table, Map<string, string | null>>();
  private readonly finished = new Set<Table>();

  /** Called before `table[key]` changes. */
  keep(table: Table, key: string): void {
    if (this.finished.has(table)) return;
    let kept = this.kept.get(table);
    if (!kept) this.kept.set(table, (kept = new Map()));
    if (!kept.has(key)) kept.set(key, table.get(key) ?? null);
  }

  /** The table's keys as of the start, in code-unit order. */
  keysOf(table: Table): string[] {
    const kept = this.kept.get(table);
    const keys = kept ? [...table.keys()].filter((key) => !kept.has(key)) : [...table.keys()];
    for (const [key, record] of kept ?? []) if (record !== null) keys.push(key);
    return keys.sort();
  }

  /** The record's text as of the start. */
  recordOf(table: Table, key: string): string | undefined {
    const kept = this.kept.get(table);
    return kept?.has(key) ? (kept.get(key) ?? undefined) : table.get(key);
  }

  /** The table has been read: its changes need no keeping any more. */
  finish(table: Table): void {
    this.finished.add(table);
    this.kept.delete(table);
  }
}

/**
 * Every record of `shards` as of the first step of the iteration, in dump order:
 * each collection's shards sorted one at a time (a turn of the event loop each) and
 * merged. `open` registers the snapshot with whatever applies changes, `close` drops it.
 */
export async function* snapshotRecords(
  shards: Shards,
  open: (snapshot: Snapshot) => void,
  close: (snapshot: Snapshot) => void,
): AsyncGenerator<StoredRecord> {
  const snapshot = new Snapshot();
  open(snapshot); // before the first await: the view starts here
  try {
    for (const collection of COLLECTIONS) {
      const tables = shards[collection].map((shard) => shard.data);
      const keys: string[][] = [];
      for (const table of tables) {
        keys.push(snapshot.keysOf(table));
        await nextTurn();
      }
      for (const [index, key] of mergeSorted(keys)) {
        const table = tables[index];
        const record = table && snapshot.recordOf(table, key);
        if (record !== undefined) yield storedRecord(collection, key, parseRecord(record));
      }
      for (const table of tables) snapshot.finish(table);
    }
  } finally {
    close(snapshot);
  }
}

interface Head {
  list: number;
  keys: string[];
  at: number;
}

/** The keys of sorted lists in one order, each with the index of its list: a binary heap of the lists' heads. */
export function* mergeSorted(lists: string[][]): Generator<[number, string]> {
  const heap: Head[] = lists.map((keys, list) => ({ list, keys, at: 0 })).filter((head) => head.keys.length > 0);
  const keyAt = (index: number) => {
    const head = heap[index];
    return head ? (head.keys[head.at] ?? '') : '';
  };
  const down = (from: number) => {
    for (let at = from; ;) {
      let least = at;
      for (const child of [2 * at + 1, 2 * at + 2])
        if (child < heap.length && keyAt(child) < keyAt(least)) least = child;
      if (least === at) return;
      [heap[at], heap[least]] = [heap[least] as Head, heap[at] as Head];
      at = least;
    }
  };
  for (let at = (heap.length >> 1) - 1; at >= 0; at--) down(at);
  for (let top = heap[0]; top; top = heap[0]) {
    yield [top.list, top.keys[top.at] ?? ''];
    top.at++;
    if (top.at >= top.keys.length) {
      const last = heap.pop() as Head;
      if (last !== top) heap[0] = last;
    }
    down(0);
  }
}
