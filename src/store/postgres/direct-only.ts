import { connectClient } from './connect.js';
import type { Connection } from './connection.js';

/** A setting of our own, sent as a startup parameter: PostgreSQL applies it, a pooler refuses or drops it. */
const PROBE = 'collab.direct_connection';

/**
 * Resolves when `connectionString` reaches PostgreSQL itself; rejects, saying what to do,
 * when it reaches a connection pooler. pg_dump sets its session up (search_path, DateStyle,
 * extra_float_digits, …) before it begins its transaction: through a transaction pooler
 * those settings can land on another server connection than the dump's, which then runs
 * without them while another client inherits them. PgBouncer refuses the `options` startup
 * parameter ("unsupported startup parameter"), or drops it when told to ignore it.
 */
export async function mustReachPostgresItself(connection: Connection): Promise<void> {
  const url = new URL(connection.connectionString);
  url.searchParams.set('options', [url.searchParams.get('options'), `-c ${PROBE}=on`].filter(Boolean).join(' '));
  const refused = new Error(
    "DATABASE_URL reaches a connection pooler (PgBouncer?), where pg_dump's session settings would be lost or " +
      "passed to other clients: run the backup with DATABASE_URL pointing at PostgreSQL itself (its host and port, not the pooler's)",
  );
  const { client } = await connectClient(
    { ...connection, connectionString: url.toString() },
    { connectionTimeoutMillis: 10_000, application_name: 'collab-service backup' },
  ).catch((error: unknown) => {
    throw /unsupported startup parameter/.test((error as Error).message) ? refused : error;
  });
  try {
    const { rows } = await client.query<{ value: string | null }>('SELECT current_setting($1, true) AS value', [PROBE]);
    if (rows[0]?.value !== 'on') throw refused;
  } finally {
    await client.end().catch(() => {});
  }
}
