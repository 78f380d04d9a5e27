import type { Response } from 'express';
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

/** Hands a server-side error to the request's log line (res.locals.error), which logs it with its stack. */
export function reportError(res: Response, error: unknown): void {
  res.locals.error = error instanceof Error ? error : new Error(String(error));
}

/**
 * Writes a request's line: info, or error (with the error's stack) for a 5xx or a
 * reported error, but info for a failure made on purpose (res.locals.failedOnPurpose) and a warning naming the problem
 * for a refusal by design (`refused`: overloaded, sessions-in-use, stopping). `finished` is false when the
 * client went away before the response was finished: the line then says so.
 */
export function logRequest(
  logger: Logger,
  line: RequestLine,
  finished: boolean,
  error: Error | undefined,
  onPurpose = false,
  refused?: string,
): void {
  if (onPurpose) {
    logger.info({ ...line, onPurpose: true }, 'request failed on purpose');
  } else if (refused !== undefined && !error) {
    logger.warn({ ...line, refused }, 'request refused');
  } else if (error || line.status >= 500) {
    logger.error({ ...line, err: error ?? new Error(`failed with status code ${line.status}`) }, 'request errored');
  } else {
    logger.info(line, finished ? 'request completed' : 'request aborted');
  }
}
