import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { FILE_MODE } from '../files/modes.js';
import { makeBackupFolder } from '../files/folders.js';
import { connectionOf, type Connection } from './connection.js';
import { mustReachPostgresItself } from './direct-only.js';

const TLS_VARIABLES = [
  ['sslmode', 'PGSSLMODE'],
  ['sslrootcert', 'PGSSLROOTCERT'],
  ['sslcert', 'PGSSLCERT'],
  ['sslkey', 'PGSSLKEY'],
] as const;

/**
 * DATABASE_URL as node-postgres reads it, in libpq's variables: libpq would read
 * `+` in a query as itself, not a space, and the password stays out of the
 * command line that ps shows.
 */
function libpqSettings(url: string, tlsQuery: URLSearchParams): Record<string, string> {
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const settings: Record<string, string> = {
    PGHOST: query.get('host') ?? decodeURIComponent(parsed.hostname).replace(/^\[(.*)\]$/, '$1'),
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
  };
  if (parsed.username) settings.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) settings.PGPASSWORD = decodeURIComponent(parsed.password);
  const options = query.get('options');
  if (options) settings.PGOPTIONS = options;
  // TLS as the service reads it (tls.ts), which connection strings lose: libpq reads the same names.
  for (const [parameter, variable] of TLS_VARIABLES) {
    const value = tlsQuery.get(parameter);
    if (value) settings[variable] = value;
  }
  return settings;
}

/**
 * `pg_dump --format=custom` of the database (only the service's schema, when
 * DATABASE_URL names one) into `<into>/collab.pgdump`: one consistent snapshot
 * taken while the service serves. Restore it with pg_restore into an empty database.
 * The file is made here, its owner's only, and given to pg_dump as its output
 * (a plain file, so the archive is as seekable as with --file), so no umask widens it.
 * pg_dump needs PostgreSQL itself, not a pooler (direct-only.ts): refused before anything is made.
 */
export async function backupPostgres(url: string, into: string): Promise<{ file: string; bytes: number }> {
  const connection = connectionOf(url);
  await mustReachPostgresItself(connection); // before anything is made
  await makeBackupFolder(into);
  const file = join(into, 'collab.pgdump');
  const output = await open(file, 'wx', FILE_MODE);
  try {
    await runPgDump(connection, new URL(url).searchParams, output.fd);
    await output.datasync(); // pg_dump syncs a file it opened itself, not its standard output
    return { file, bytes: (await output.stat()).size };
  } finally {
    await output.close();
  }
}

async function runPgDump(connection: Connection, tlsQuery: URLSearchParams, output: number): Promise<void> {
  const schema = connection.schemaName;
  const child = spawn('pg_dump', ['--format=custom', ...(schema ? [`--schema=${schema}`] : [])], {
    stdio: ['ignore', output, 'pipe'],
    env: { ...process.env, ...libpqSettings(connection.connectionString, tlsQuery) },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const [code] = (await Promise.race([
    once(child, 'exit'),
    once(child, 'error').then(([error]) => {
      throw new Error(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? "pg_dump is not installed: install PostgreSQL's client tools of the server's major version (Debian: postgresql-client)"
          : String(error),
      );
    }),
  ])) as [number | null];
  if (code !== 0) throw new Error(`pg_dump failed (${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`);
}
