export interface Migration {
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
