import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { TraceIds } from './traces.js';

/** What a request's line says: docs/operators/observability.md, "Logs"; with tracing on, its server span's ids too. */
export interface RequestLine extends Partial<TraceIds> {
  requestId: string;
  method: string;
  /** The route template, never the raw path. */
  route: string;
  status: number;
  /** The caller, once authenticated; never a token. */
  userId: string | undefined;
  /** Milliseconds from the request's arrival to the end of its response. */
  responseTime: number;
}

/** The server-side error of a response, kept for its line (a 5xx only). */
const errors = new WeakMap<ServerResponse, Error>();
/** Responses whose 5xx was chosen on purpose (the sandbox's failureRate): no error, so their lines are info. */
const chosen = new WeakSet<ServerResponse>();

/** Marks a response's failure as deliberate: its line is info, whatever its status. */
export function reportOnPurpose(res: ServerResponse): void {
  chosen.add(res);
}

/** Whether reportOnPurpose marked `res`. */
export function failedOnPurpose(res: ServerResponse): boolean {
  return chosen.has(res);
}

/** Hands a server-side error to the request's log line. */
export function reportError(res: ServerResponse, error: unknown): void {
  errors.set(res, error instanceof Error ? error : new Error(String(error)));
}

/** The error reportError kept for `res`, if any. */
export function reportedError(res: ServerResponse): Error | undefined {
  return errors.get(res);
}

/**
 * Writes a request's line: info, or error (with the error's stack) for a 5xx or a
 * reported error, but info for a failure made on purpose. `finished` is false when the
 * client went away before the response was finished: the line then says so.
 */
export function logRequest(
  logger: Logger,
  line: RequestLine,
  finished: boolean,
  error: Error | undefined,
  onPurpose = false,
): void {
  if (onPurpose) {
    logger.info({ ...line, onPurpose: true }, 'request failed on purpose');
  } else if (error || line.status >= 500) {
    logger.error({ ...line, err: error ?? new Error(`failed with status code ${line.status}`) }, 'request errored');
  } else {
    logger.info(line, finished ? 'request completed' : 'request aborted');
  }
}
