import { DatabaseError } from 'pg';
import { StoreUnavailableError } from '../store.js';

/**
 * SQLSTATEs that say the database cannot serve now rather than that the request
 * is wrong: connection exceptions (08), insufficient resources (53), shutdown and
 * start-up (57P), a statement timeout (57014), lock not available (55P03), a
 * read-only standby (25006), I/O errors (58).
 */
const UNAVAILABLE = /^(08|53|57P|57014|55P03|25006|58)/;

/**
 * What a failed database call rejects with: a StoreUnavailableError (the service
 * answers 503) when the connection failed, timed out or the server cannot serve;
 * the error itself otherwise (a bug: 500).
 */
export function storeErrorOf(error: unknown): Error {
  if (error instanceof StoreUnavailableError) return error;
  if (isUnavailable(error)) {
    return new StoreUnavailableError(`PostgreSQL cannot serve: ${(error as Error).message}`, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * One of UNAVAILABLE, or a failure of the connection itself (refused, reset,
 * timed out, a closed pool): anything the driver throws but a server error or a
 * programming error (TypeError, RangeError), which stays a bug.
 */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseError) return UNAVAILABLE.test(error.code ?? '');
  return error instanceof Error && !(error instanceof TypeError || error instanceof RangeError);
}

/** SQLSTATEs of a connection the server ended: administrator command, crash, start-up or shutdown; connection exceptions (08). */
const ENDED = /^(57P0[123]|08)/;

/** Whether `error` says the connection itself broke (ended by the server, reset, terminated), not only its statement. */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof DatabaseError) return ENDED.test(error.code ?? '');
  if (!(error instanceof Error)) return false;
  const { code } = error as NodeJS.ErrnoException;
  return code === 'ECONNRESET' || code === 'EPIPE' || /^Connection terminated/.test(error.message);
}

/** Whether PostgreSQL ended the statement's transaction as a deadlock's victim (40P01): nothing of it was kept. */
export function isDeadlock(error: unknown): boolean {
  return error instanceof DatabaseError && error.code === '40P01';
}
