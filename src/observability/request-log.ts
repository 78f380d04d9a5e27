import type { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestIdOf } from './request-id.js';

interface Finished {
  responseTime: number;
}

/**
 * One line per request, when its response is finished: `requestId`, `method`,
 * `route` (the template), `status`, `responseTime` (ms) and `userId`; never a body,
 * a header or a token. A 5xx line is logged as an error with the error's stack.
 */
export function logRequests(logger: Logger, routeOf: (req: Request) => string): (req: Request, res: Response) => void {
  const describe = (req: Request, res: Response, responseTime: number, err?: Error) => {
    const userId: unknown = res.locals.userId;
    return {
      requestId: req.id, method: req.method, route: routeOf(req), status: res.statusCode,
      userId: typeof userId === 'string' ? userId : undefined, responseTime, err,
    };
  };
  return pinoHttp<Request, Response>({
    logger,
    genReqId: (_req, res) => requestIdOf(res),
    wrapSerializers: false, // the logger's own serializers decide what of a request is written
    quietResLogger: true, // the line is built whole here, without a second logger per request
    customLogLevel: (_req, res, error) => (error || res.err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: (req, res, { responseTime }: Finished) => describe(req, res, responseTime),
    customErrorObject: (req, res, err, { responseTime }: Finished) => describe(req, res, responseTime, err),
  });
}

/** Hands a server-side error to the request's log line (pino-http reads `res.err`). */
export function reportError(res: ServerResponse, error: unknown): void {
  res.err = error instanceof Error ? error : new Error(String(error));
}
