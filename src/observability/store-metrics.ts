import { Counter, Gauge, Histogram } from 'prom-client';

// The hooks a store calls; they know nothing of Prometheus, and these know nothing of stores.
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
const checkpointFailures = new Counter({
  name: 'store_checkpoint_failures_total',
  help: 'Checkpoints of the embedded store that failed; the journal keeps every change until one succeeds.',
});

/** A store calls this once a group commit is durable: how long it took, and how many changes it carried. */
export function observeCommit(seconds: number, batchSize: number): void {
  commitDuration.observe(seconds);
  commitBatchSize.observe(batchSize);
}

/** The embedded store calls this for each checkpoint that failed. */
export function countCheckpointFailure(): void {
  checkpointFailures.inc();
}

/** What the size gauges show, read at each scrape. */
export interface StoreSize {
  bytes: number;
  records: number;
  maxBytes: number;
  journalBytes: number;
}

let readSize: (() => StoreSize) | undefined;

function sizeGauge(name: string, help: string, pick: (size: StoreSize) => number): Gauge {
  return new Gauge({ name, help, collect() { const size = readSize?.(); if (size) this.set(pick(size)); } });
}
sizeGauge('store_bytes', 'Stored bytes of the embedded store (the compact JSON of every record).', (size) => size.bytes);
sizeGauge('store_records', 'Records in the embedded store.', (size) => size.records);
sizeGauge('store_max_bytes', 'The embedded store\'s stated size (STORE_MAX_BYTES): past it, changes that would grow it get 507.', (size) => size.maxBytes);
sizeGauge('journal_bytes', 'Bytes of the embedded store\'s journal not yet checkpointed; past JOURNAL_MAX_BYTES, /readyz answers 503.', (size) => size.journalBytes);

/** The embedded store calls this once open: the gauges read `read` at each scrape until the returned function is called. */
export function reportStoreSize(read: () => StoreSize): () => void {
  readSize = read;
  return () => { if (readSize === read) readSize = undefined; };
}
