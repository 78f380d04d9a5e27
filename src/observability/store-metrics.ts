import { Counter, Gauge, Histogram } from 'prom-client';

// The hooks a store calls; they know nothing of Prometheus, and these know nothing of stores.
// What every store reports is listed from the start; what one store reports is registered by
// its first report, so a process shows only its own store's (a lowdb gauge at 0 on PostgreSQL
// would read as an empty store).
const commitDuration = new Histogram({
  name: 'store_commit_duration_seconds',
  help: 'Time one group commit of the store took to make its batch of changes durable.',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
});
const commitBatchSize = new Histogram({
  name: 'store_commit_batch_size',
  help: 'Changes one group commit of the store made durable together.',
  buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
});

/** A store calls this once a group commit is durable: how long it took, and how many changes it carried. */
export function observeCommit(seconds: number, batchSize: number): void {
  commitDuration.observe(seconds);
  commitBatchSize.observe(batchSize);
}

/** What the embedded store's size gauges show, read at each scrape. */
export interface StoreSize {
  bytes: number;
  records: number;
  maxBytes: number;
  journalBytes: number;
}

let readSize: (() => StoreSize) | undefined;
let lowdb: { checkpointDuration: Histogram; checkpointFailures: Counter } | undefined;

/** The embedded store's metrics, registered on first use. */
function lowdbMetrics(): NonNullable<typeof lowdb> {
  if (lowdb) return lowdb;
  const sizeGauge = (name: string, help: string, pick: (size: StoreSize) => number) =>
    new Gauge({
      name,
      help,
      collect() {
        const size = readSize?.();
        if (size) this.set(pick(size));
      },
    });
  sizeGauge(
    'store_bytes',
    'Stored bytes of the embedded store (the compact JSON of every record).',
    (size) => size.bytes,
  );
  sizeGauge('store_records', 'Records in the embedded store.', (size) => size.records);
  sizeGauge(
    'store_max_bytes',
    "The embedded store's stated size (STORE_MAX_BYTES): past it, changes that would grow it get 507.",
    (size) => size.maxBytes,
  );
  sizeGauge(
    'journal_bytes',
    "Bytes of the embedded store's journal not yet checkpointed; past JOURNAL_MAX_BYTES, /readyz answers 503.",
    (size) => size.journalBytes,
  );
  lowdb = {
    checkpointDuration: new Histogram({
      name: 'store_checkpoint_duration_seconds',
      help: 'Time one checkpoint of the embedded store took (journal rotated, changed shards written, old journal removed); its _count is the checkpoints written.',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    }),
    checkpointFailures: new Counter({
      name: 'store_checkpoint_failures_total',
      help: 'Checkpoints of the embedded store that failed; the journal keeps every change until one succeeds.',
    }),
  };
  return lowdb;
}

/** The embedded store calls this once open: the gauges read `read` at each scrape until the returned function is called. */
export function reportStoreSize(read: () => StoreSize): () => void {
  lowdbMetrics();
  readSize = read;
  return () => {
    if (readSize === read) readSize = undefined;
  };
}

/** The embedded store calls this for each checkpoint written, with how long it took. */
export function observeCheckpoint(seconds: number): void {
  lowdbMetrics().checkpointDuration.observe(seconds);
}

/** The embedded store calls this for each checkpoint that failed. */
export function countCheckpointFailure(): void {
  lowdbMetrics().checkpointFailures.inc();
}

/** A connection pool's connections: all of them, the idle ones, and the callers waiting for one. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

let readPool: (() => PoolCounts) | undefined;
let postgres: { lost: Counter } | undefined;

/** The PostgreSQL store's metrics, registered on first use. */
function postgresMetrics(): NonNullable<typeof postgres> {
  if (postgres) return postgres;
  new Gauge({
    name: 'pg_pool_connections',
    help: "The PostgreSQL pool's connections by state: total (open), idle (open, unused), waiting (callers queued for one).",
    labelNames: ['state'] as const,
    collect() {
      const counts = readPool?.();
      if (counts) for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, counts[state]);
    },
  });
  postgres = {
    lost: new Counter({
      name: 'store_connection_lost_total',
      help: 'PostgreSQL connections that broke (a restart, a network cut, a killed backend), idle or in use; each is replaced on demand.',
    }),
  };
  return postgres;
}

/**
 * The PostgreSQL store calls this once its pool is made: pg_pool_connections reads `read` at each
 * scrape until `stop` is called; `connectionLost` counts a connection that broke.
 */
export function reportPool(read: () => PoolCounts): { connectionLost(): void; stop(): void } {
  const { lost } = postgresMetrics();
  readPool = read;
  return {
    connectionLost: () => lost.inc(),
    stop: () => {
      if (readPool === read) readPool = undefined;
    },
  };
}
