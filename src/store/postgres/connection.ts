import { TLS_PARAMETERS, tlsOf, type Tls } from './tls.js';

/**
 * DATABASE_URL as the store connects with it. PgBouncer in transaction pooling (the way
 * hosted PostgreSQL is usually reached) refuses every startup parameter but a few
 * (client_encoding, DateStyle, TimeZone, standard_conforming_strings, application_name),
 * and would lose any session setting anyway. So the schema named in the URL
 * (`options=-c search_path=<schema>`, as libpq spells it) is taken out of what is sent,
 * and the store names it in its statements instead (see qualified and beginSql).
 * Anything else in `options` is left as it is: sent, and refused by a transaction pooler.
 * TLS is read as libpq reads it (tls.ts) and its parameters taken out, so node-postgres never reads them its own way.
 */
export interface Connection {
  /** The URL without the search_path option and the TLS parameters. */
  connectionString: string;
  /** How to encrypt, as the URL's sslmode (or PGSSLMODE) says; pass `tls.ssl` as node-postgres's `ssl`. */
  tls: Tls;
  /** The schema the tables are in, as an identifier ready for SQL; undefined for the role's own search_path. */
  schema: string | undefined;
  /** The schema's name as the URL wrote it (pg_dump's --schema pattern), or undefined. */
  schemaName: string | undefined;
}

/** `-c search_path=<value>` (or `-csearch_path=`, `--search_path=`) in libpq's options; the value ends at a space. */
const SEARCH_PATH = /(?:^|\s)(?:-c\s*|--)search_path=(\S*)/;

export function connectionOf(url: string, env: NodeJS.ProcessEnv = process.env): Connection {
  const parsed = new URL(url);
  const tls = tlsOf(parsed.searchParams, env);
  for (const parameter of TLS_PARAMETERS) if (parsed.searchParams.has(parameter)) parsed.searchParams.delete(parameter);
  const options = parsed.searchParams.get('options');
  const match = options === null ? null : SEARCH_PATH.exec(options);
  if (options === null || !match)
    return { connectionString: parsed.toString(), tls, schema: undefined, schemaName: undefined };
  const rest = options.replace(match[0], ' ').trim();
  if (rest) parsed.searchParams.set('options', rest);
  else parsed.searchParams.delete('options');
  // The first schema of the path is where the tables are: migrations create them there.
  const first = /^("(?:[^"]|"")*"|[^,]*)/.exec(match[1] ?? '')?.[1] ?? '';
  if (first === '')
    throw new Error(
      `DATABASE_URL names an empty search_path in options: name a schema (options=-c search_path=<schema>)`,
    );
  // As PostgreSQL reads a search_path: unquoted names fold to lower case, quoted ones stay as written.
  const name = first.startsWith('"') ? first.slice(1, -1).replaceAll('""', '"') : first.toLowerCase();
  return { connectionString: parsed.toString(), tls, schema: quoteIdentifier(name), schemaName: first };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A table of the store as a statement outside a transaction names it: in the URL's schema, when it names one. */
export function qualified(connection: Pick<Connection, 'schema'>, table: 'records' | 'hits' | 'quota_usage'): string {
  return connection.schema === undefined ? table : `${connection.schema}.${table}`;
}
