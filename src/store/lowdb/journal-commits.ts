import type { Logger } from 'pino';
import { StoreUnavailableError } from '../store.js';
import type { StoreHooks } from '../store-hooks.js';
import { Checkpoints } from './engine/checkpoints.js';
import { CommitQueue } from './engine/commit-queue.js';
import { parseRecord, storedSize, type Serialized } from './engine/record-text.js';
import type { OpenFiles } from './open-files.js';

export interface CommitSettings {
  /** Journal bytes at which a checkpoint starts. */
  checkpointBytes: number;
  /** The wait after a failed checkpoint, doubling after each further failure up to `most`. */
  checkpointRetryMs: { first: number; most: number };
  /** Hears failed checkpoints. */
  logger?: Logger;
  /** Hear each commit and checkpoint, and hang the commit's span under its requests. */
  hooks: StoreHooks;
}

/**
 * How a lowdb store's changes reach disk: queued, each batch appended to the journal
 * with one fdatasync (the manifest written before the first), then applied; checkpoints
 * run between batches. `commit` queues a change and resolves once it is durable.
 */
export function journalCommits(files: OpenFiles, settings: CommitSettings) {
  const { manifest, committed, journal, accounts } = files;
  let manifestWritten = files.manifestWritten;
  // With tracing on, the request each change came from: the journal commit is a span in each of their traces.
  const { hooks } = settings;
  const parents = new WeakMap<Serialized, unknown>();
  const queue: CommitQueue<Serialized> = new CommitQueue<Serialized>({
    async persist(ops) {
      if (!manifestWritten) {
        await manifest.write();
        manifestWritten = true;
      }
      const started = performance.now();
      await hooks.inChildSpans(
        'lowdb journal commit',
        () => ({
          'db.system.name': 'lowdb',
          'db.operation.name': 'journal commit',
          'db.operation.batch.size': ops.length,
        }),
        () => ops.map((op) => parents.get(op)),
        () => journal.append(ops),
      );
      hooks.commit((performance.now() - started) / 1000, ops.length);
    },
    apply: (op) => committed.apply(op[0], op[1], op.record, op[2]?.group, op.before),
    between: (): Promise<void> => checkpoints.ifDue(),
    failure: (error) =>
      new StoreUnavailableError(
        `the change could not be stored (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        { cause: error },
      ),
    // Their records are back to their committed state, and so is what they take: each record's last change dropped
    // (the one counted now) gives way to its committed text.
    dropped(ops) {
      const last = new Map(ops.map((op) => [`${op[0]}\u0000${op[1]}`, op]));
      for (const op of last.values()) {
        const [collection, key] = op;
        const record = committed.text(collection, key);
        const after =
          record === undefined ? undefined : accounts.of(collection, key, parseRecord(record), storedSize(key, record));
        accounts.change(collection, accounts.ofOp(op), after);
      }
    },
  });
  const checkpoints = new Checkpoints(journal, committed, {
    bytes: settings.checkpointBytes,
    retryMs: settings.checkpointRetryMs,
    logger: settings.logger,
    hooks,
    betweenAppends: (task) => queue.betweenBatches(task),
  });
  const commit = (op: Serialized): Promise<void> => {
    const parent = hooks.requestContext();
    if (parent !== undefined) parents.set(op, parent);
    return queue.commit(op);
  };
  return { queue, checkpoints, commit };
}
