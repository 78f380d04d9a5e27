import type { Logger } from 'pino';
import { observeCommit, reportStoreSize } from '../../observability/store-metrics.js';
import { inChildSpans, traceParent, type TraceParent } from '../../observability/traces.js';
import { StoreUnavailableError, type Change, type Collection, type Entry, type Page, type Placement, type Store, type StoreQuotas } from '../store.js';
import { Checkpoints } from './engine/checkpoints.js';
import { CommitQueue } from './engine/commit-queue.js';
import { serveOwnerSocket } from './operations/control-socket.js';
import { openFiles, type OpenFiles } from './open-files.js';
import { serialize, type Serialized } from './engine/record-text.js';
import { StatedSize } from './engine/stated-size.js';

/**
 * Journal size at which a checkpoint writes the changed shards and starts a new journal file.
 * Larger means fewer checkpoints (each rewrites every changed shard whole) and a longer replay at start-up.
 */
export const CHECKPOINT_BYTES = 128 * 1024 * 1024;
/** The stated size (STORE_MAX_BYTES) and the journal's ceiling (JOURNAL_MAX_BYTES) unless given; config's defaults too. */
// Measured: a GiB of small records took 3.3 GiB of the 4 GiB heap and 40 s to load; 512 MiB, 1.6 GiB and 16 s.
export const STORE_MAX_BYTES = 512 * 1024 ** 2;
export const JOURNAL_MAX_BYTES = 1024 ** 3;
/** After a failed checkpoint, wait 1 s before the next try, doubling after each further failure up to a minute. */
const CHECKPOINT_RETRY_MS = { first: 1000, most: 60_000 };

export interface LowdbOptions {
  /** Journal bytes at which a checkpoint starts (JOURNAL_CHECKPOINT_BYTES). */
  checkpointBytes?: number;
  /** The stated size: stored bytes past which no change may grow the store (STORE_MAX_BYTES). */
  storeMaxBytes?: number;
  /** Journal bytes past which ping() rejects, since checkpoints are failing (JOURNAL_MAX_BYTES). */
  journalMaxBytes?: number;
  /** What each owner may keep; without them, nothing is counted. */
  quotas?: StoreQuotas;
  /** Hears failed checkpoints (error) and a store nearly full (warn). */
  logger?: Logger;
  /** Bounds that tests make small: the longest journal line, a shard's write chunk, the checkpoint back-off. */
  journalLineBytes?: number;
  shardChunkChars?: number;
  checkpointRetryMs?: { first: number; most: number };
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
  const files = await openFiles(dataFile, options);
  try {
    return await lowdbStore(dataFile, files, options);
  } catch (error) {
    await files.release();
    throw error;
  }
}

async function lowdbStore(dataFile: string, files: OpenFiles, options: LowdbOptions): Promise<Store> {
  const { manifest, committed, journal, accounts, release } = files;
  const { sizes, usage } = accounts;
  let manifestWritten = files.manifestWritten;
  let open = true;
  let closing: Promise<void> | undefined;
  const stated = new StatedSize(sizes, options.storeMaxBytes ?? STORE_MAX_BYTES, options.logger);
  const journalMaxBytes = options.journalMaxBytes ?? JOURNAL_MAX_BYTES;
  // With tracing on, the request each change came from: the journal commit is a span in each of their traces.
  const parents = new WeakMap<Serialized, TraceParent>();
  const queue: CommitQueue<Serialized> = new CommitQueue<Serialized>({
    async persist(ops) {
      if (!manifestWritten) {
        await manifest.write();
        manifestWritten = true;
      }
      const started = performance.now();
      await inChildSpans('lowdb journal commit', () => ({ 'db.system.name': 'lowdb', 'db.operation.name': 'journal commit', 'db.operation.batch.size': ops.length }),
        () => ops.map((op) => parents.get(op)), () => journal.append(ops));
      observeCommit((performance.now() - started) / 1000, ops.length);
    },
    apply: (op) => committed.apply(op),
    between: (): Promise<void> => checkpoints.ifDue(),
    failure: (error) => new StoreUnavailableError(`the change could not be stored (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error }),
    // Their records are back to their committed state, and so are their sizes and footprints.
    dropped: (ops) => ops.forEach(([collection, key]) => accounts.set(collection, key, committed.get(collection, key))),
  });
  const checkpoints = new Checkpoints(journal, committed, {
    bytes: options.checkpointBytes ?? CHECKPOINT_BYTES,
    retryMs: options.checkpointRetryMs ?? CHECKPOINT_RETRY_MS,
    logger: options.logger,
    betweenAppends: (task) => queue.betweenBatches(task),
  });
  if (committed.hasDirty) await checkpoints.now(); // replayed changes; on a full disk the journal keeps them
  const stopReporting = reportStoreSize(() => ({ bytes: sizes.total, records: sizes.records, maxBytes: stated.maxBytes, journalBytes: journal.totalBytes }));
  // Exports and backups run while this process owns the files ask it (make export, make backup).
  const stopAnswering = await serveOwnerSocket(dataFile, {
    records: () => committed.records(),
    async holdFiles() {
      const release = await checkpoints.hold();
      return { journal: journal.files(), release };
    },
  }, options.logger);

  const shutDown = async () => {
    await stopAnswering();
    await queue.idle();
    const failure = await checkpoints.finish();
    stopReporting();
    await journal.close();
    await release();
    if (failure !== undefined) {
      throw new Error(`the final checkpoint failed (${describe(failure)}): the journal keeps every change, and the next start replays it`, { cause: failure });
    }
  };

  return {
    async get<T>(collection: Collection, key: string) {
      return committed.get(collection, key)?.value as T | undefined;
    },
    async list<T>(collection: Collection, group: string, page: Page) {
      return committed.page(collection, group, page) as Entry<T>[];
    },
    async update<T>(collection: Collection, key: string, change: (previous: T | undefined) => T | undefined, { group, owner }: Placement = {}) {
      if (!open) throw new StoreUnavailableError('the store is closed');
      const staged = queue.staging([collection, key]);
      const previous = (staged === undefined ? committed.get(collection, key) : staged)?.value as T | undefined;
      const current = change(previous);
      if (previous === undefined && current === undefined) return { previous, current };
      const op = serialize([collection, key, current === undefined ? null : { value: current, ...(group === undefined ? {} : { group }), ...(owner === undefined ? {} : { owner }) }]);
      const footprint = op[2] && op.valueBytes !== undefined ? { owner, group, bytes: op.valueBytes } : undefined;
      usage.check(collection, key, footprint); // or QuotaExceededError, with nothing staged
      stated.set(collection, key, op.size); // or StoreFullError, with nothing staged
      usage.set(collection, key, footprint);
      const parent = traceParent();
      if (parent) parents.set(op, parent);
      await queue.commit(op);
      return { previous, current } satisfies Change<T>;
    },
    records: () => committed.records(),
    async ping() {
      if (!open) throw new StoreUnavailableError('the store is closed');
      if (journal.totalBytes > journalMaxBytes) {
        const why = checkpoints.failure === undefined ? 'checkpoints have not caught up' : `checkpoints fail (${describe(checkpoints.failure)})`;
        throw new StoreUnavailableError(`the journal holds ${journal.totalBytes} bytes, past its ceiling of ${journalMaxBytes} (JOURNAL_MAX_BYTES): ${why}`);
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
