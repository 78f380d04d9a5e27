import type { Logger } from 'pino';
import { HeapWatch } from '../lib/heap-watch.js';
import { DataFileError } from './lowdb/engine/durable-json-file.js';
import type { ControlSocketLimits } from './lowdb/lowdb-settings.js';
import { openLowdbStore } from './lowdb/lowdb-store.js';
import { describeDatabase, openPostgresStore, PostgresStartError } from './postgres/postgres-store.js';
import type { Store, StoreQuotas } from './store.js';
import type { StoreHooks } from './store-hooks.js';

/** What opening a store takes, as plain values: config's storeSettings makes them from the settings (src/config/load-config.ts). */
export interface StoreSettings {
  dataFile: string;
  databaseUrl?: string | undefined;
  /** How long start-up waits for PostgreSQL not up yet (STORE_START_TIMEOUT); none: not at all. */
  startTimeoutMs?: number;
  checkpointBytes: number;
  limits?: { storeMaxBytes: number; journalMaxBytes: number; quotas: StoreQuotas; controlSocket?: ControlSocketLimits };
  /** Heap the embedded store leaves free for requests in flight: past the rest it takes no growth (507). */
  heapReserveBytes?: number;
}

/**
 * PostgreSQL when DATABASE_URL is set (any number of instances); else the embedded
 * lowdb file, which reports its checkpoints and size to `logger`. Either counts
 * every record against its owner's quotas, and reports its commits and more to `hooks` (the service's metrics and traces).
 */
export async function openStore(config: StoreSettings, logger?: Logger, hooks?: StoreHooks): Promise<Store> {
  const quotas = config.limits ? { quotas: config.limits.quotas } : {};
  if (config.databaseUrl !== undefined)
    return openPostgresStore(config.databaseUrl, {
      ...quotas,
      ...(config.startTimeoutMs === undefined ? {} : { startTimeoutMs: config.startTimeoutMs }),
      ...(logger ? { logger } : {}),
      ...(hooks ? { hooks } : {}),
    });
  const heap = config.heapReserveBytes === undefined ? undefined : new HeapWatch(config.heapReserveBytes).start();
  const store = await openLowdbStore(config.dataFile, {
    checkpointBytes: config.checkpointBytes,
    ...(config.limits
      ? { storeMaxBytes: config.limits.storeMaxBytes, journalMaxBytes: config.limits.journalMaxBytes }
      : {}),
    ...(config.limits?.controlSocket ? { controlSocket: config.limits.controlSocket } : {}),
    ...quotas,
    ...(heap ? { heap } : {}),
    ...(logger ? { logger } : {}),
    ...(hooks ? { hooks } : {}),
  }).catch((error: unknown) => {
    heap?.stop();
    throw error;
  });
  const close = store.close.bind(store);
  return Object.assign(store, { close: () => close().finally(() => heap?.stop()) });
}

/** Where the data lives, for the start-up line; never a password. */
export function whereDataLives(config: Pick<StoreSettings, 'dataFile' | 'databaseUrl'>): string {
  return config.databaseUrl === undefined ? config.dataFile : describeDatabase(config.databaseUrl);
}

/**
 * The operator's message when the store cannot be opened for a reason they can
 * fix (damaged data, a folder that cannot be read or written, a database that
 * refuses); undefined for a bug.
 */
export function refusalOf(error: unknown): string | undefined {
  if (error instanceof DataFileError || error instanceof PostgresStartError) return error.message;
  return (error as NodeJS.ErrnoException | null)?.code === undefined ? undefined : (error as Error).message;
}
