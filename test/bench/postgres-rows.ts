// The bench's PostgreSQL rows: read markers of seeded schemas, one instance and two on the same schema, each
// instance on the server's core as deployed; PostgreSQL pinned there too while they run (pinPostgres), so a row
// compares what the service does with one core, not how the machine shares its two.
import { serve } from './harness.js';
import { pinPostgres, postgresCpuSeconds } from './postgres-cores.js';
import { postgresVersion, seededSchema } from './postgres.js';
import type { Contender } from './report.js';
import { readMarkerRequest } from './harness.js';

export interface PostgresRows {
  rows: Contender[];
  /** Undoes the pinning and drops the schemas. */
  done(): Promise<void>;
  /** Why there are no rows, or why PostgreSQL is not pinned (then said in the notes). */
  notes: string[];
}

/** `[records, instances]` rows on the local PostgreSQL (BENCH_DATABASE_URL), or none and why. */
export async function postgresRows(
  shapes: readonly (readonly [number, number])[],
  workload: (records: number) => string,
): Promise<PostgresRows> {
  const postgres = await postgresVersion();
  if (!postgres.version)
    return { rows: [], done: async () => {}, notes: [`PostgreSQL rows skipped: ${postgres.unreachable}`] };
  const drops: (() => Promise<void>)[] = [];
  const rows: Contender[] = [];
  for (const [records, instances] of shapes) {
    const schema = await seededSchema(records);
    drops.push(schema.drop);
    const servers = await Promise.all(
      Array.from({ length: instances }, () => serve('postgres', schema.url, String(records))),
    );
    rows.push({
      name: `PostgreSQL ${postgres.version}, ${records} records, ${instances} instance${instances > 1 ? 's' : ''}`,
      workload: workload(records),
      request: readMarkerRequest(records),
      sets: [servers],
      rounds: [],
      postgresCpu: postgresCpuSeconds,
    });
  }
  const pinned = pinPostgres();
  return {
    rows,
    notes: 'reason' in pinned ? [`PostgreSQL not pinned to the server's core: ${pinned.reason}`] : [],
    async done() {
      if ('undo' in pinned) pinned.undo();
      for (const drop of drops) await drop();
    },
  };
}
