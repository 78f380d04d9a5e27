import type { Client, ClientBase } from 'pg';

/**
 * Runs one statement on the transaction's connection; resolves to its rows. Statements
 * are unnamed: a named prepared statement lives in a server session, which a transaction
 * pooler hands to another client after COMMIT ("prepared statement … already exists").
 * On a pipelined connection (the store's pool) a statement is sent at once, behind those
 * still unanswered: statements run one after another before any answer is awaited share
 * one round trip (see together).
 */
export type Run = <Row extends object>(text: string, values?: unknown[]) => Promise<Row[]>;

export function runOn(client: ClientBase): Run {
  // The statements sent in one turn leave in one write (a write to a socket costs more than a statement's bytes).
  const { stream } = (client as Client).connection;
  let corked = false;
  return async <Row extends object>(text: string, values: unknown[] = []) => {
    if (!corked) {
      corked = true;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    return (await client.query<Row>(text, values)).rows;
  };
}

/**
 * Waits for the answers of statements sent together (pipelined), all of them, so none is left to fail unheard;
 * rejects with the first statement's failure (those after a failed one fail as the aborted transaction refuses them).
 */
export async function together<T extends readonly unknown[]>(
  ...statements: { [K in keyof T]: Promise<T[K]> | T[K] }
): Promise<T> {
  const settled = await Promise.allSettled(statements);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
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
