import type { Logger } from 'pino';
import { DataFileError } from './lowdb/engine/durable-json-file.js';
import type { HeapRoom } from './lowdb/engine/stated-size.js';
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
}

/**
 * PostgreSQL when DATABASE_URL is set (any number of instances); else the embedded
 * lowdb file, which reports its checkpoints and size to `logger`, and takes growth only while `heap` has room (the
 * service's HeapWatch). Either counts every record against its owner's quotas, and reports its commits and more to
 * `hooks` (the service's metrics and traces).
 */
export async function openStore(
  config: StoreSettings,
  logger?: Logger,
  hooks?: StoreHooks,
  heap?: HeapRoom,
): Promise<Store> {
  const quotas = config.limits ? { quotas: config.limits.quotas } : {};
  if (config.databaseUrl !== undefined)
    return openPostgresStore(config.databaseUrl, {
      ...quotas,
      ...(config.startTimeoutMs === undefined ? {} : { startTimeoutMs: config.startTimeoutMs }),
      ...(logger ? { logger } : {}),
      ...(hooks ? { hooks } : {}),
    });
  return openLowdbStore(config.dataFile, {
    checkpointBytes: config.checkpointBytes,
    ...(config.limits
      ? { storeMaxBytes: config.limits.storeMaxBytes, journalMaxBytes: config.limits.journalMaxBytes }
      : {}),
    ...(config.limits?.controlSocket ? { controlSocket: config.limits.controlSocket } : {}),
    ...quotas,
    ...(heap ? { heap } : {}),
    ...(logger ? { logger } : {}),
    ...(hooks ? { hooks } : {}),
  });
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
