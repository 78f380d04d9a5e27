import type { Config } from '../config/load-config.js';
import { openLowdbStore } from '../store/lowdb/lowdb-store.js';
import { DataFileInUseError } from '../store/lowdb/operations/lock.js';
import { mustHoldStore } from '../store/lowdb/engine/folder.js';
import { postgresTarget } from '../store/postgres/dump-import.js';
import { postgresRecords } from '../store/postgres/snapshot.js';
import { whereDataLives } from '../store/open-store.js';
import type { ImportTarget } from '../store/records.js';
import type { Store, StoredRecord } from '../store/store.js';
import type { DumpSummary } from '../dump/dump-writer.js';
import { writeDump } from '../dump/dump-writer.js';
import { exportFromOwner } from './owner-export.js';
import { ImportRefused } from '../dump/import-dump.js';

/** The store the environment names, as the service reads it: DATABASE_URL, else DATA_FILE. */
export type StoreConfig = Pick<Config, 'dataFile' | 'databaseUrl' | 'checkpointBytes'> & {
  limits: Pick<Config['limits'], 'storeMaxBytes'>;
};

/** Where the data lives, for messages; never a password. */
export function describeStore(config: StoreConfig): string {
  return `${config.databaseUrl === undefined ? 'lowdb' : 'PostgreSQL'} ${whereDataLives(config)}`;
}

/**
 * Writes every record of the store to the dump at `path`, as one snapshot. PostgreSQL:
 * one REPEATABLE READ transaction. lowdb: when a live process owns the data file, that
 * process takes the snapshot (it alone knows what is durable); else this process opens
 * the store, as a service would, for as long as the export takes.
 */
export async function exportStore(config: StoreConfig, path: string): Promise<{ summary: DumpSummary; how: string }> {
  if (config.databaseUrl !== undefined) {
    return {
      summary: await writeDump(path, postgresRecords(config.databaseUrl), 'postgres'),
      how: 'in one REPEATABLE READ transaction',
    };
  }
  await mustHoldStore(config.dataFile);
  let store: Store;
  try {
    store = await openLowdbStore(config.dataFile, {
      checkpointBytes: config.checkpointBytes,
      storeMaxBytes: Number.MAX_SAFE_INTEGER,
    });
  } catch (error) {
    if (!(error instanceof DataFileInUseError)) throw error;
    return {
      summary: await exportFromOwner(config.dataFile, path),
      how: `from the live service that owns it (${error.owner || 'pid unknown'})`,
    };
  }
  try {
    return { summary: await writeDump(path, recordsOf(store), 'lowdb'), how: 'with no service running' };
  } finally {
    await store.close();
  }
}

/** The store a dump is imported into: PostgreSQL in one transaction; lowdb opened as a service would, refused while one owns it. */
export async function importTarget(config: StoreConfig): Promise<ImportTarget> {
  if (config.databaseUrl !== undefined) return postgresTarget(config.databaseUrl);
  const store = await openLowdbStore(config.dataFile, {
    checkpointBytes: config.checkpointBytes,
    storeMaxBytes: config.limits.storeMaxBytes,
  }).catch((error: unknown) => {
    if (error instanceof DataFileInUseError) {
      throw new ImportRefused(
        `${config.dataFile} is in use by a running service (${error.owner || 'pid unknown'}): stop it first, an import never writes under a live owner`,
      );
    }
    throw error;
  });
  return storeTarget(store);
}

/** An import through the Store interface: records written as the handlers write them, with their group and owner. */
function storeTarget(store: Store): ImportTarget {
  return {
    records: () => recordsOf(store),
    async write(records) {
      await Promise.all(
        records.map((record) =>
          store.update(record.collection, record.key, () => record.value, { group: record.group, owner: record.owner }),
        ),
      );
    },
    commit: () => store.close(),
    abandon: () => store.close(),
  };
}

function recordsOf(store: Store): AsyncIterable<StoredRecord> {
  if (!store.records) throw new Error('this store cannot give a snapshot of its records');
  return store.records();
}
