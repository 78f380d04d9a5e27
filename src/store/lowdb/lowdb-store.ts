import { StoreUnavailableError, type Collection, type Entry, type Page, type Store } from '../store.js';
import { collectAllGarbage } from '../../lib/collect-garbage.js';
import { NO_HOOKS } from '../store-hooks.js';
import { journalCommits } from './journal-commits.js';
import {
  CHECKPOINT_BYTES,
  CHECKPOINT_RETRY_MS,
  JOURNAL_MAX_BYTES,
  STORE_MAX_BYTES,
  type LowdbOptions,
} from './lowdb-settings.js';
import { serveOwnerSocket } from './operations/control-socket.js';
import { openFiles, type OpenFiles } from './open-files.js';
import { recordUpdate } from './record-update.js';
import { StatedSize } from './engine/stated-size.js';

/**
 * The embedded default. `dataFile` is a lowdb manifest; each collection is split
 * by key hash into lowdb shard files under `<dataFile>.d/<collection>/`, and
 * every change is first appended to a write-ahead journal in `<dataFile>.d/journal/`.
 * A batch of changes costs one journal fdatasync; checkpoints write the changed
 * shards in the background and drop the journal files they cover. Every value is
 * in memory; reads see only what is durable.
 */
export async function openLowdbStore(dataFile: string, options: LowdbOptions = {}): Promise<Store> {
  const files = await openFiles(dataFile, options);
  try {
    return await lowdbStore(dataFile, files, options);
  } catch (error) {
    await files.release();
    throw error;
  }
}

/**
 * Stored bytes from which a store collects all garbage once it has loaded (collectAllGarbage): loading makes
 * several times what it keeps, and V8 would let the heap grow to four times what the store holds before its next
 * full collection. A million read markers (264 MB) then left 731 MiB resident and the next collection at 1.26 GB;
 * after it, 585 MiB and 421 MB, for 0.3 s more at start. Below it the heap is small, and the collection a cost.
 */
const COLLECT_AFTER_BYTES = 32 * 1024 * 1024;

async function lowdbStore(dataFile: string, files: OpenFiles, options: LowdbOptions): Promise<Store> {
  const { committed, journal, release } = files;
  const { sizes } = files.accounts;
  let open = true;
  let closing: Promise<void> | undefined;
  const stated = new StatedSize(sizes, options.storeMaxBytes ?? STORE_MAX_BYTES, options.logger, options.heap);
  const journalMaxBytes = options.journalMaxBytes ?? JOURNAL_MAX_BYTES;
  const hooks = options.hooks ?? NO_HOOKS;
  const { queue, checkpoints, commit } = journalCommits(files, {
    checkpointBytes: options.checkpointBytes ?? CHECKPOINT_BYTES,
    checkpointRetryMs: options.checkpointRetryMs ?? CHECKPOINT_RETRY_MS,
    logger: options.logger,
    hooks,
  });
  const update = recordUpdate(files, stated, queue, commit);
  if (committed.hasDirty) await checkpoints.now(); // replayed changes; on a full disk the journal keeps them
  if (sizes.total >= COLLECT_AFTER_BYTES) collectAllGarbage(); // the load's garbage, and V8's heap sized for it
  const stopReporting = hooks.size(() => ({
    bytes: sizes.total,
    records: sizes.records,
    maxBytes: stated.maxBytes,
    journalBytes: journal.totalBytes,
  }));
  // Exports and backups run while this process owns the files ask it (make export, make backup).
  const stopAnswering = await serveOwnerSocket(
    dataFile,
    {
      records: () => committed.records(),
      async holdFiles() {
        const release = await checkpoints.hold();
        return { journal: journal.files(), release };
      },
    },
    options.logger,
    options.controlSocket,
  );

  const shutDown = async () => {
    await stopAnswering();
    await queue.idle();
    const failure = await checkpoints.finish();
    stopReporting();
    await journal.close();
    await release();
    if (failure !== undefined) {
      throw new Error(
        `the final checkpoint failed (${describe(failure)}): the journal keeps every change, and the next start replays it`,
        { cause: failure },
      );
    }
  };

  return {
    async get<T>(collection: Collection, key: string) {
      return committed.get(collection, key)?.value as T | undefined;
    },
    async list<T>(collection: Collection, group: string, page: Page) {
      return committed.page(collection, group, page) as Entry<T>[];
    },
    async update(collection, key, change, placement) {
      if (!open) throw new StoreUnavailableError('the store is closed');
      return update(collection, key, change, placement);
    },
    records: () => committed.records(),
    async ping() {
      if (!open) throw new StoreUnavailableError('the store is closed');
      if (journal.totalBytes > journalMaxBytes) {
        const why =
          checkpoints.failure === undefined
            ? 'checkpoints have not caught up'
            : `checkpoints fail (${describe(checkpoints.failure)})`;
        throw new StoreUnavailableError(
          `the journal holds ${journal.totalBytes} bytes, past its ceiling of ${journalMaxBytes} (JOURNAL_MAX_BYTES): ${why}`,
        );
      }
    },
    close() {
      open = false;
      closing ??= shutDown();
      return closing;
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
