import type { Collection } from '../store.js';
import type { Run } from './transaction.js';

/** A record as the batch leaves it: its new state (the JSON text, group and owner), or undefined when it is gone. */
export interface Written {
  collection: Collection;
  key: string;
  state: { text?: string; grp: string | null; owner: string | null } | undefined;
}

/**
 * Sends the last state of each changed record: upserts in one statement, deletes in another. The values go as one
 * JSON array of their texts, which PostgreSQL takes apart as they were written (json keeps each element's text).
 */
export function writeRecords(run: Run, changed: Written[]): Promise<unknown>[] {
  const kept = changed.filter((record) => record.state !== undefined);
  const gone = changed.filter((record) => record.state === undefined);
  const statements: Promise<unknown>[] = [];
  if (kept.length > 0) {
    statements.push(
      run(
        `INSERT INTO records (collection, key, grp, owner, value)
         SELECT * FROM ROWS FROM (unnest($1::text[]), unnest($2::text[]), unnest($3::text[]), unnest($4::text[]), json_array_elements($5::json))
         ON CONFLICT (collection, key) DO UPDATE SET grp = EXCLUDED.grp, owner = EXCLUDED.owner, value = EXCLUDED.value`,
        [
          kept.map((record) => record.collection),
          kept.map((record) => record.key),
          kept.map((record) => record.state?.grp ?? null),
          kept.map((record) => record.state?.owner ?? null),
          `[${kept.map((record) => record.state?.text).join(',')}]`,
        ],
      ),
    );
  }
  if (gone.length > 0) {
    statements.push(
      run('DELETE FROM records WHERE (collection, key) IN (SELECT * FROM unnest($1::text[], $2::text[]))', [
        gone.map((record) => record.collection),
        gone.map((record) => record.key),
      ]),
    );
  }
  return statements;
}
