import type { ClientBase } from 'pg';
import { beginSql } from './transaction.js';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The schema, one step per version, applied in order at start-up and recorded in
 * schema_migrations. A shipped step is never edited: a change is a new step.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'records: one row per stored record, listed by group in key order',
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
    // Records written before this version have no owner and count against no one.
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
 */
export async function migrate(client: ClientBase, schema: string | undefined): Promise<void> {
  await client.query(beginSql({ schema }));
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK})`);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const known = Math.max(...MIGRATIONS.map((migration) => migration.version));
    const newest = Math.max(0, ...applied);
    if (newest > known) {
      throw new Error(
        `the database schema is at version ${newest}, newer than this build knows (${known}): run a newer build`,
      );
    }
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql).catch((error: unknown) => {
        throw new Error(`migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, {
          cause: error,
        });
      });
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {}); // a broken connection rolls back by itself
    throw error;
  }
}
