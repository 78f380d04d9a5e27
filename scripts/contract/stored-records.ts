// The store make contract-diff checks against the changed contract: DATABASE_URL, else DATA_FILE, as the service
// reads them, but only when one is set (the diff alone needs no store). Read-only, and safe while services serve.
import { resolve } from 'node:path';
import { readLowdbRecords, type ReadOnlyRecords } from '../../src/store/lowdb/operations/read-only.js';
import { describeDatabase } from '../../src/store/postgres/postgres-store.js';
import { postgresRecords } from '../../src/store/postgres/snapshot.js';

/** The store the environment names, how it is read and where it is (never a password); undefined when none is named. */
export async function storedRecords(
  env: NodeJS.ProcessEnv = process.env,
): Promise<(ReadOnlyRecords & { store: string }) | undefined> {
  if (env.DATABASE_URL) {
    // One REPEATABLE READ, READ ONLY transaction: the export's snapshot, which can write nothing.
    return {
      store: `PostgreSQL ${describeDatabase(env.DATABASE_URL)}`,
      how: 'in one READ ONLY transaction',
      records: postgresRecords(env.DATABASE_URL),
    };
  }
  if (env.DATA_FILE) {
    const dataFile = resolve(env.DATA_FILE);
    return { store: `lowdb ${dataFile}`, ...(await readLowdbRecords(dataFile)) };
  }
  return undefined;
}
