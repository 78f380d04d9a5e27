import type { ClientBase } from 'pg';

/**
 * Runs one statement on the transaction's connection; resolves to its rows. Statements
 * are unnamed: a named prepared statement lives in a server session, which a transaction
 * pooler hands to another client after COMMIT ("prepared statement … already exists").
 */
export type Run = <Row extends object>(text: string, values?: unknown[]) => Promise<Row[]>;

export function runOn(client: ClientBase): Run {
  return async <Row extends object>(text: string, values: unknown[] = []) =>
    (await client.query<Row>(text, values)).rows;
}

/** What a transaction sets for itself: nothing outlives it, so a pooler's next client finds the session as it was. */
export interface TransactionSettings {
  /** BEGIN's own words, e.g. 'ISOLATION LEVEL REPEATABLE READ READ ONLY'. */
  mode?: string;
  /** statement_timeout, and twice it idle_in_transaction_session_timeout; none (the server's) when undefined. */
  timeoutMs?: number;
  /** The schema as an identifier ready for SQL (Connection.schema), or undefined for the role's search_path. */
  schema?: string | undefined;
}

/**
 * BEGIN and the transaction's settings as one simple-protocol string: one round trip,
 * and SET LOCAL in place of startup parameters, which a transaction pooler refuses.
 */
export function beginSql({ mode, timeoutMs, schema }: TransactionSettings): string {
  return [
    mode === undefined ? 'BEGIN' : `BEGIN ${mode}`,
    ...(timeoutMs === undefined
      ? []
      : [
          `SET LOCAL statement_timeout = ${Math.round(timeoutMs)}`,
          `SET LOCAL idle_in_transaction_session_timeout = ${Math.round(2 * timeoutMs)}`,
        ]),
    ...(schema === undefined ? [] : [`SET LOCAL search_path = ${schema}`]),
  ].join('; ');
}
