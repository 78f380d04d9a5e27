import type { ClientBase } from 'pg';
import { BATCH_FUNCTIONS } from './batch-functions.js';
import { MIGRATIONS } from './schema-steps.js';
import { beginSql } from './transaction.js';

/** First key of the migration advisory lock; the second is the schema, so schemas migrate independently. */
const LOCK_CLASS = 0x636f6c6c; // "coll"
const LOCK = `${LOCK_CLASS}, hashtext(coalesce(current_schema(), ''))`;

/**
 * Brings the schema (an identifier ready for SQL, or undefined for the role's
 * search_path) to the latest version, in one transaction under a transaction-level
 * advisory lock: instances starting together take turns, so each step runs once,
 * and the lock holds through a transaction pooler, which keeps a transaction on one
 * server connection (a session-level lock would be taken on one and released on another).
 * DDL is transactional in PostgreSQL: a failed step leaves the schema as it was.
 * A schema a newer build migrated is used when each newer step's compatibleFrom admits this build: then
 * resolves to a line saying so, for the log. Otherwise refuses, naming the step. Then makes the functions a batch
 * calls (BATCH_FUNCTIONS), which are not steps.
 */
export async function migrate(client: ClientBase, schema: string | undefined): Promise<string | undefined> {
  await client.query(beginSql({ schema }));
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK})`);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), compatible_from integer)`);
    await recordCompatibility(client);
    const { rows } = await client.query<Applied>('SELECT version, name, compatible_from FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const note = checkNewer(rows);
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql).catch((error: unknown) => {
        throw new Error(`migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, {
          cause: error,
        });
      });
      await client.query('INSERT INTO schema_migrations (version, name, compatible_from) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.compatibleFrom,
      ]);
    }
    await makeFunctions(client);
    await client.query('COMMIT');
    return note;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {}); // a broken connection rolls back by itself
    throw error;
  }
}

/** Makes each of BATCH_FUNCTIONS the schema has none of (current_schema: where CREATE puts it). */
async function makeFunctions(client: ClientBase): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    'SELECT proname AS name FROM pg_proc WHERE pronamespace = current_schema()::regnamespace AND proname = ANY($1)',
    [BATCH_FUNCTIONS.map((made) => made.name)],
  );
  const there = new Set(rows.map((row) => row.name));
  for (const made of BATCH_FUNCTIONS) if (!there.has(made.name)) await client.query(made.sql);
}

interface Applied {
  version: number;
  name: string;
  compatible_from: number | null;
}

const KNOWN = Math.max(...MIGRATIONS.map((migration) => migration.version));

/**
 * Adds compatible_from to a schema_migrations made before it (nullable: builds before it insert no value), and fills
 * it in for the steps this build knows.
 */
async function recordCompatibility(client: ClientBase): Promise<void> {
  const { rowCount } = await client.query(
    "SELECT 1 FROM pg_attribute WHERE attrelid = 'schema_migrations'::regclass AND attname = 'compatible_from' AND NOT attisdropped",
  );
  if (rowCount === 0) await client.query('ALTER TABLE schema_migrations ADD COLUMN compatible_from integer');
  await client.query(
    `UPDATE schema_migrations SET compatible_from = known.compatible_from
     FROM unnest($1::int[], $2::int[]) AS known(version, compatible_from)
     WHERE schema_migrations.version = known.version AND schema_migrations.compatible_from IS NULL`,
    [MIGRATIONS.map((migration) => migration.version), MIGRATIONS.map((migration) => migration.compatibleFrom)],
  );
}

/** Throws when a step newer than this build does not admit it; else the line saying it runs on a newer schema, if it does. */
function checkNewer(rows: Applied[]): string | undefined {
  const newer = rows.filter((row) => row.version > KNOWN).sort((a, b) => a.version - b.version);
  if (newer.length === 0) return undefined;
  const newest = Math.max(...newer.map((row) => row.version));
  const at = `the database schema is at version ${newest}, newer than this build knows (${KNOWN})`;
  const refusing = newer.find((row) => row.compatible_from === null || row.compatible_from > KNOWN);
  if (refusing) {
    throw new Error(
      `${at}, and its step ${refusing.version} (${refusing.name}) needs a build of version ${refusing.compatible_from ?? refusing.version} or later: run a newer build`,
    );
  }
  return `${at}; each newer step keeps builds of version ${KNOWN} working (compatible_from), so this build runs on it`;
}
