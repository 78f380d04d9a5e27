import { join } from 'node:path';
import { Low } from 'lowdb';
import { observeCommit } from '../../observability/store-metrics.js';
import { StoreUnavailableError, type Change, type Collection, type Entry, type Page, type Store } from '../store.js';
import { CommitQueue } from './commit-queue.js';
import { Committed } from './committed.js';
import { DataFileError } from './durable-json-file.js';
import { checkDataFile, makeFolder } from './folder.js';
import { Journal, type Stored } from './journal.js';
import { acquireLock } from './lock.js';
import { openManifest, SHARDS, type Manifest } from './manifest.js';
import { serialize, type Serialized } from './record-text.js';
import { loadShards } from './shards.js';

/** Journal size at which a checkpoint writes the changed shards and starts a new journal file. */
/** Larger means fewer checkpoints (each rewrites every changed shard whole) and a longer replay at start-up. */
export const CHECKPOINT_BYTES = 128 * 1024 * 1024;
/** After a failed checkpoint (a full disk), wait this long before the next try. */
const CHECKPOINT_RETRY_MS = 1000;

export interface LowdbOptions {
  /** Journal bytes at which a checkpoint starts (JOURNAL_CHECKPOINT_BYTES). */
  checkpointBytes?: number;
  /** Bounds that tests make small: the longest journal line, a shard's write chunk. */
  journalLineBytes?: number;
  shardChunkChars?: number;
}

/**
 * The embedded default. `dataFile` is a lowdb manifest; each collection is split
 * by key hash into lowdb shard files under `<dataFile>.d/<collection>/`, and
 * every change is first appended to a write-ahead journal in `<dataFile>.d/journal/`.
 * A batch of changes costs one journal fdatasync; checkpoints write the changed
 * shards in the background and drop the journal files they cover. Every value is
 * in memory; reads see only what is durable.
 */
export async function openLowdbStore(dataFile: string, options: LowdbOptions = {}): Promise<Store> {
  const folder = `${dataFile}.d`;
  await checkDataFile(dataFile);
  await makeFolder(folder);
  const release = await acquireLock(dataFile);
  try {
    const manifest = openManifest(dataFile);
    const existing = await manifest.adapter.read();
    const committed = new Committed(await loadShards(folder, existing?.shards ?? SHARDS, existing !== null, { chunkChars: options.shardChunkChars }));
    const { journal, ops } = await Journal.open(join(folder, 'journal'), (op) => committed.apply(op), options.journalLineBytes);
    if (ops > 0 && !existing) throw new DataFileError(folder, 'holds a journal but the manifest beside it is missing');
    return await lowdbStore({ manifest, manifestWritten: existing !== null, committed, journal, release, checkpointBytes: options.checkpointBytes ?? CHECKPOINT_BYTES });
  } catch (error) {
    await release();
    throw error;
  }
}

interface Parts {
  manifest: Low<Manifest>;
  manifestWritten: boolean;
  committed: Committed;
  journal: Journal;
  release: () => Promise<void>;
  checkpointBytes: number;
}

async function lowdbStore({ manifest, manifestWritten, committed, journal, release, checkpointBytes }: Parts): Promise<Store> {
  let open = true;
  let checkpointing: Promise<void> | undefined;
  let nextTry = 0;

  /**
   * Rotates the journal and takes the dirty shards; call it only between appends.
   * Resolves, once that is done, to the shards' write, which removes the old journal files when it ends.
   */
  const startCheckpoint = async (): Promise<{ done: Promise<void> }> => {
    const last = await journal.rotate();
    const writing = committed.writeDirty();
    return { done: writing.then(() => journal.removeUpTo(last)) };
  };
  const retryLater = () => { nextTry = Date.now() + CHECKPOINT_RETRY_MS; };
  const checkpointIfDue = async (): Promise<void> => {
    if (checkpointing || journal.bytes < checkpointBytes || Date.now() < nextTry) return;
    // A failed checkpoint loses nothing: the journal keeps every change, and the shards stay dirty.
    try {
      const { done } = await startCheckpoint();
      checkpointing = done.catch(retryLater).finally(() => { checkpointing = undefined; });
    } catch {
      retryLater();
    }
  };
  const checkpointNow = () => startCheckpoint().then(({ done }) => done).catch(() => {});

  const queue = new CommitQueue<Serialized>({
    async persist(ops) {
      if (!manifestWritten) {
        await manifest.write();
        manifestWritten = true;
      }
      const started = performance.now();
      await journal.append(ops);
      observeCommit((performance.now() - started) / 1000, ops.length);
    },
    apply: (op) => committed.apply(op),
    between: checkpointIfDue,
    failure: (error) => new StoreUnavailableError(`the change could not be stored (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error }),
  });
  if (committed.hasDirty) await checkpointNow(); // replayed changes; on a full disk the journal keeps them

  return {
    async get<T>(collection: Collection, key: string) {
      return committed.get(collection, key)?.value as T | undefined;
    },
    async list<T>(collection: Collection, group: string, page: Page) {
      return committed.page(collection, group, page) as Entry<T>[];
    },
    async update<T>(collection: Collection, key: string, change: (previous: T | undefined) => T | undefined, group?: string) {
      if (!open) throw new StoreUnavailableError('the store is closed');
      const staged = queue.staging([collection, key]);
      const previous = (staged === undefined ? committed.get(collection, key) : staged)?.value as T | undefined;
      const current = change(previous);
      if (previous === undefined && current === undefined) return { previous, current };
      const stored: Stored | null = current === undefined ? null : { value: current, ...(group === undefined ? {} : { group }) };
      await queue.commit(serialize([collection, key, stored]));
      return { previous, current } satisfies Change<T>;
    },
    async ping() {
      if (!open) throw new StoreUnavailableError('the store is closed');
    },
    async close() {
      open = false;
      await queue.idle();
      await checkpointing;
      if (committed.hasDirty) await checkpointNow(); // leaves a clean folder when it can
      await journal.close();
      await release();
    },
  };
}
