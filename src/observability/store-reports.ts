import {
  countCheckpointFailure,
  observeCheckpoint,
  observeCommit,
  reportPool,
  reportStoreSize,
} from './store-metrics.js';
import { inChildSpans, traceParent } from './traces.js';

/** What the service's store reports through (StoreHooks, src/store/store-hooks.ts): its metrics and its trace spans. */
export const storeReports = {
  commit: observeCommit,
  checkpoint: observeCheckpoint,
  checkpointFailed: countCheckpointFailure,
  size: reportStoreSize,
  pool: reportPool,
  requestContext: traceParent,
  inChildSpans,
};
