import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { storeQuotas, type Limits } from '../config/limits.js';
import { DataFileError } from './lowdb/durable-json-file.js';
import { openLowdbStore } from './lowdb/lowdb-store.js';
import { describeDatabase, openPostgresStore, PostgresStartError } from './postgres/postgres-store.js';
import type { Store } from './store.js';

type StoreConfig = Pick<Config, 'dataFile' | 'databaseUrl' | 'checkpointBytes'> & { limits?: Pick<Limits, 'storeMaxBytes' | 'journalMaxBytes' | 'quotas'> };

/**
 * PostgreSQL when DATABASE_URL is set (any number of instances); else the embedded
 * lowdb file, which reports its checkpoints and size to `logger`. Either counts
 * every record against its owner's quotas.
 */
export function openStore(config: StoreConfig, logger?: Logger): Promise<Store> {
  const quotas = config.limits ? { quotas: storeQuotas(config.limits.quotas) } : {};
  return config.databaseUrl === undefined
    ? openLowdbStore(config.dataFile, {
      checkpointBytes: config.checkpointBytes,
      ...(config.limits ? { storeMaxBytes: config.limits.storeMaxBytes, journalMaxBytes: config.limits.journalMaxBytes } : {}),
      ...quotas,
      ...(logger ? { logger } : {}),
    })
    : openPostgresStore(config.databaseUrl, { ...quotas, ...(logger ? { logger } : {}) });
}

/** Where the data lives, for the start-up line; never a password. */
export function whereDataLives(config: Pick<Config, 'dataFile' | 'databaseUrl'>): string {
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
