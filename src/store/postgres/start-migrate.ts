import type { Logger } from 'pino';
import { connectClient } from './connect.js';
import { connectionOf, type Connection } from './connection.js';
import { migrate } from './migrations.js';
import { untilUp } from './start-wait.js';
import { TIMEOUT_MS } from './timeouts.js';
import { explainTlsError } from './tls.js';

/** PostgreSQL could not be reached or migrated at start-up; the message is for the operator. */
export class PostgresStartError extends Error {}

/** Runs the migrations on a connection of its own, without the per-statement timeout; returns how to connect. */
export async function migrateAtStart(url: string, logger: Logger | undefined, timeoutMs: number): Promise<Connection> {
  let mode: string | undefined;
  let waited = false;
  try {
    const connection = connectionOf(url);
    mode = connection.tls.mode;
    return await untilUp(
      () => connectAndMigrate(connection, logger),
      timeoutMs,
      (error, waitMs) => {
        waited = true;
        logger?.warn(
          `PostgreSQL at ${describeDatabase(url)} is not up yet (${(error as Error).message}): trying again in ` +
            `${waitMs / 1000} s, for up to ${timeoutMs / 1000} s from start (STORE_START_TIMEOUT)`,
        );
      },
    );
  } catch (error) {
    const tried = waited ? ` (waited ${timeoutMs / 1000} s for it: STORE_START_TIMEOUT)` : '';
    throw new PostgresStartError(
      `cannot use PostgreSQL at ${describeDatabase(url)}: ${explainTlsError(error, mode)}${tried}`,
      { cause: error },
    );
  }
}

/** One try: connect, bring the schema up to date, and the connection as it connected (prefer and allow settle on TLS or not here). */
async function connectAndMigrate(connection: Connection, logger: Logger | undefined): Promise<Connection> {
  const connected = await connectClient(connection, {
    connectionTimeoutMillis: TIMEOUT_MS,
    application_name: 'collab-service migrations',
  });
  try {
    const newer = await migrate(connected.client, connected.connection.schema);
    if (newer !== undefined) logger?.warn(newer);
    return connected.connection;
  } finally {
    await connected.client.end().catch(() => {});
  }
}

/** Where the data lives, for messages: host, port and database, never the password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? parsed.hostname;
  return `postgresql://${host}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}
