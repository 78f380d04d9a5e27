import type { ClientBase } from 'pg';

/**
 * Runs one statement on the transaction's connection; resolves to its rows. Statements
 * are unnamed: a named prepared statement lives in a server session, which a transaction
 * pooler hands to another client after COMMIT ("prepared statement … already exists").
 */
export type Run = <Row extends object>(text: string, values?: unknown[]) => Promise<Row[]>;

export function runOn(client: ClientBase): Run {
  return async <Row extends object>(text: string, values: unknown[] = []) => (await client.query<Row>(text, values)).rows;
}
