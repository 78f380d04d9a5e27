import type { Collection } from '../store.js';
import type { Run } from './transaction.js';

/** A record as the batch leaves it: its new state (the JSON text, group and owner), or undefined when it is gone. */
export interface Written {
  collection: Collection;
  key: string;
  state: { text?: string; grp: string | null; owner: string | null } | undefined;
}

/** Sends the last state of each changed record: upserted, or deleted when gone (write_records_v1, batch-functions.ts). */
export function writeRecords(run: Run, changed: Written[]): Promise<unknown> {
  const kept = changed.filter((record) => record.state !== undefined);
  const gone = changed.filter((record) => record.state === undefined);
  if (changed.length === 0) return Promise.resolve();
  // The values go as one JSON array of their texts, which PostgreSQL takes apart as they were written (json keeps each element's text).
  return run(
    'SELECT write_records_v1($1::text[], $2::text[], $3::text[], $4::text[], $5::json, $6::text[], $7::text[])',
    [
      kept.map((record) => record.collection),
      kept.map((record) => record.key),
      kept.map((record) => record.state?.grp ?? null),
      kept.map((record) => record.state?.owner ?? null),
      `[${kept.map((record) => record.state?.text).join(',')}]`,
      gone.map((record) => record.collection),
      gone.map((record) => record.key),
    ],
  );
}
