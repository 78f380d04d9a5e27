import type { ClientBase } from 'pg';
import { beginSql } from './transaction.js';

interface Migration {
  version: number;
  name: string;
  /** The oldest schema version whose builds still run correctly once this step is applied. */
  compatibleFrom: number;
  sql: string;
}

/**
 * The schema, one step per version, applied in order at start-up and recorded in schema_migrations with its
 * compatibleFrom. A shipped step is never edited: a change is a new step.
 *
 * Expand now, contract a release later: during a rolling deploy the build before a step still writes after it ran,
 * and a rollback starts that build again on it. So a step adds (a table, an index, a column that is nullable or has
 * a default) and keeps compatibleFrom as it was; what the earlier build writes must stay right under it, so a column
 * every write needs gets a default or a trigger that sets it (step 3's owner had neither: records written by the
 * earlier build's instances during that rolling deploy count against no one). A step that drops or changes what a
 * build uses ships a release after the last build that uses it, and raises compatibleFrom past that build.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'records: one row per stored record, listed by group in key order',
    compatibleFrom: 1,
    // key and grp hold keyToText's form; COLLATE "C" orders them by code point, deterministically.
    // value is json, not jsonb: json keeps the member order and every string escape as sent.
    sql: `
      CREATE TABLE records (
        collection text NOT NULL,
        key text COLLATE "C" NOT NULL,
        grp text COLLATE "C",
        value json NOT NULL,
        PRIMARY KEY (collection, key)
      );
      CREATE INDEX records_by_group ON records (collection, grp, key) WHERE grp IS NOT NULL;`,
  },
  {
    version: 2,
    name: 'hits: rate-limit counters shared by every instance',
    compatibleFrom: 1,
    // Unlogged: a counter lost in a database crash only gives its window's writes again; no WAL per hit.
    sql: `
      CREATE UNLOGGED TABLE hits (
        key text COLLATE "C" PRIMARY KEY,
        count integer NOT NULL,
        reset_at timestamptz NOT NULL
      );`,
  },
  {
    version: 3,
    name: 'quotas: the owner of each record, and what each owner keeps',
    // Records written before this version, or by a build before it, have no owner and count against no one.
    compatibleFrom: 2,
    sql: `
      ALTER TABLE records ADD COLUMN owner text COLLATE "C";
      CREATE TABLE quota_usage (
        owner text COLLATE "C" PRIMARY KEY,
        bytes bigint NOT NULL DEFAULT 0,
        counts jsonb NOT NULL DEFAULT '{}'
      );`,
  },
];

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
 * resolves to a line saying so, for the log. Otherwise refuses, naming the step.
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
    await client.query('COMMIT');
    return note;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {}); // a broken connection rolls back by itself
    throw error;
  }
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
