import { recordLine, type ImportTarget } from '../store/records.js';
import type { StoredRecord } from '../store/store.js';
import { compareInDumpOrder } from './dump-format.js';
import { dumpEntries, type DumpEntry } from './dump-reader.js';

/** Which side keeps a record that the dump and the store both hold, differently. */
export type Winner = 'dump' | 'store';

/** How the dump and the store compare, record by record. */
export interface Difference {
  same: number;
  /** In both, not the same (value, group or owner). */
  differ: number;
  onlyInDump: number;
  onlyInStore: number;
}

/** The store holds data that the import would have to overwrite or leave beside the dump's: no `--merge` said which side wins. */
export class ImportRefused extends Error {}

/** Records written at once. */
const BATCH = 5000;

/**
 * Loads a verified dump into `target`. Without `merge`, the store must hold nothing
 * that the dump does not hold identically: then the records it lacks are written
 * (all of them into an empty store, none when it already holds the dump, the rest
 * of an import that stopped half-way); otherwise ImportRefused, and nothing is
 * written. With `merge`, records only in the store stay, records only in the dump
 * are written, and records in both keep the winner's version.
 */
export async function importDump(
  path: string,
  target: ImportTarget,
  merge?: Winner,
): Promise<{ difference: Difference; written: number }> {
  const difference = await compareAndWrite(path, target, merge, target.transactional === true);
  if (merge === undefined && difference.differ + difference.onlyInStore > 0) {
    throw new ImportRefused(
      `the store holds different data: ${difference.differ} records differ from the dump's and ${difference.onlyInStore} are not in it ` +
        "(--merge=dump keeps the dump's version of each record both hold, --merge=store the store's; either keeps records only the store holds)",
    );
  }
  const written = difference.onlyInDump + (merge === 'dump' ? difference.differ : 0);
  if (written > 0 && !target.transactional) await compareAndWrite(path, target, merge, true);
  return { difference, written };
}

/** One pass over the dump and the store side by side: counts how they differ, and with `write`, writes what the import needs. */
async function compareAndWrite(
  path: string,
  target: ImportTarget,
  merge: Winner | undefined,
  write: boolean,
): Promise<Difference> {
  const difference: Difference = { same: 0, differ: 0, onlyInDump: 0, onlyInStore: 0 };
  let batch: StoredRecord[] = [];
  for await (const { dump, store } of joined(dumpEntries(path), target.records())) {
    if (!dump) {
      difference.onlyInStore++;
      continue;
    }
    const same = store !== undefined && dump.line === recordLine(store);
    if (!store) difference.onlyInDump++;
    else if (same) difference.same++;
    else difference.differ++;
    if (!write || same || (store && merge !== 'dump')) continue;
    batch.push(dump.record);
    if (batch.length >= BATCH) {
      await target.write(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await target.write(batch);
  return difference;
}

/** The two record streams side by side, both in dump order: each key once, with the dump's entry, the store's record, or both. */
async function* joined(
  dump: AsyncIterable<DumpEntry>,
  store: AsyncIterable<StoredRecord>,
): AsyncGenerator<{ dump?: DumpEntry; store?: StoredRecord }> {
  const dumps = dump[Symbol.asyncIterator]();
  const stores = store[Symbol.asyncIterator]();
  let left = await dumps.next();
  let right = await stores.next();
  try {
    while (!left.done || !right.done) {
      const order = left.done
        ? 1
        : right.done
          ? -1
          : compareInDumpOrder(
              left.value.record.collection,
              left.value.record.key,
              right.value.collection,
              right.value.key,
            );
      if (order <= 0 && !left.done) {
        yield { dump: left.value, ...(order === 0 && !right.done ? { store: right.value } : {}) };
        if (order === 0) right = await stores.next();
        left = await dumps.next();
      } else if (!right.done) {
        yield { store: right.value };
        right = await stores.next();
      }
    }
  } finally {
    await dumps.return?.();
    await stores.return?.();
  }
}
