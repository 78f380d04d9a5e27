import type { PoolClient } from 'pg';

/** Runs one named (prepared) statement on the transaction's connection; resolves to its rows. */
export type Run = <Row extends object>(name: string, text: string, values?: unknown[]) => Promise<Row[]>;

export function runOn(client: PoolClient): Run {
  return async <Row extends object>(name: string, text: string, values: unknown[] = []) => (await client.query<Row>({ name, text, values })).rows;
}
