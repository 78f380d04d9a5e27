// What a store reports, to whoever opened it: the service passes its metrics and traces (serve.ts),
// a test or a tool nothing; so the store room imports none of them.

/** What the embedded store's size gauges show, read at each scrape. */
export interface StoreSize {
  bytes: number;
  records: number;
  maxBytes: number;
  journalBytes: number;
}

/** A connection pool's connections: all of them, the idle ones, and the callers waiting for one. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

export interface StoreHooks {
  /** A group commit is durable: how long it took, and how many changes it carried. */
  commit(seconds: number, batchSize: number): void;
  /** The embedded store wrote a checkpoint, in `seconds`. */
  checkpoint(seconds: number): void;
  /** The embedded store's checkpoint failed. */
  checkpointFailed(): void;
  /** The embedded store is open: its size is read with `read` until the returned function is called. */
  size(read: () => StoreSize): () => void;
  /** The PostgreSQL pool is made: its counts are read with `read` until `stop`; `connectionLost` counts a broken connection. */
  pool(read: () => PoolCounts): { connectionLost(): void; stop(): void };
  /** The request a change comes from (its trace context), kept with the change; undefined without tracing. */
  requestContext(): unknown;
  /** Runs `work`, done once for several requests (one journal commit), in a span under each request in `parents`. */
  inChildSpans<T>(
    name: string,
    attributes: () => Record<string, string | number>,
    parents: () => Iterable<unknown>,
    work: () => Promise<T>,
  ): Promise<T>;
}

/** Reporting nothing: a store opened without hooks (tests, tools). */
export const NO_HOOKS: StoreHooks = {
  commit() {},
  checkpoint() {},
  checkpointFailed() {},
  size: () => () => {},
  pool: () => ({ connectionLost() {}, stop() {} }),
  requestContext: () => undefined,
  inChildSpans: (_name, _attributes, _parents, work) => work(),
};
