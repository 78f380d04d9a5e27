import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { recordRequest, requestsInFlight } from './http-metrics.js';
import { collectProcessMetrics } from './metrics-route.js';
import { logRequest, type RequestLine } from './request-log.js';
import { routeMatcher, UNMATCHED } from './route-template.js';
import { currentTraceIds, nameRoutesWith } from './traces.js';

/** What express-openapi-validator leaves on a request it matched: the route's template. */
type Matched = Request & { openapi?: { openApiRoute?: string } };

/** Told of every request as it starts (src/edge/start-response.ts), with the id it was given. */
export type Observer = (req: Request, res: Response, requestId: string) => void;

/** A request whose response is done, waiting for the batch: its line, its duration, whether it was finished, its 5xx error. */
interface Done {
  line: RequestLine;
  seconds: number;
  finished: boolean;
  error: Error | undefined;
  onPurpose: boolean;
  refused: string | undefined;
}

/**
 * Logs and times every request, once its response is done (or the client has gone);
 * `routes` are the templates (and fixed paths) requests are named by. A request the
 * validator matched is named by the template it found; only the others are matched here.
 *
 * Lines and observations are made in batches, once per turn of the event loop, after
 * that turn's requests: made one request at a time, between the requests' own work,
 * the same code cost half as much again (docs/performance.md). A line is thus at
 * most one turn later than its response.
 */
export function observeRequests(logger: Logger, routes: readonly string[]): Observer {
  collectProcessMetrics();
  const matchRoute = routeMatcher(routes);
  const routeOf = (req: Matched) => req.openapi?.openApiRoute ?? matchRoute(req.originalUrl);
  nameRoutesWith((req) => {
    const route = routeOf(req as Matched);
    return route === UNMATCHED ? undefined : route;
  });
  let batch: Done[] = [];
  const flush = () => {
    const done = batch;
    batch = [];
    for (const { line, seconds, finished, error, onPurpose, refused } of done) {
      logRequest(logger, line, finished, error, onPurpose, refused);
      if (finished) recordRequest(line.method, line.route, line.status, seconds);
    }
  };
  return (req, res, requestId) => {
    const started = performance.now();
    const { method } = req; // as sent: a HEAD is then served as GET (src/edge/head.ts)
    const traceIds = currentTraceIds();
    requestsInFlight.inc();
    // 'close' comes once, after 'finish' or when the client goes away first.
    res.on('close', () => {
      requestsInFlight.dec();
      const seconds = (performance.now() - started) / 1000;
      if (batch.length === 0) setImmediate(flush);
      batch.push({
        line: {
          requestId,
          method,
          route: routeOf(req),
          status: res.statusCode,
          userId: res.locals.userId,
          responseTime: Math.round(seconds * 1000),
          ...traceIds,
        },
        seconds,
        finished: res.writableFinished,
        error: res.locals.error,
        onPurpose: res.locals.failedOnPurpose === true,
        refused: res.locals.refused,
      });
    });
  };
}

/** Resolves once every request answered so far has its line written (a turn of the event loop after its response). */
export function linesWritten(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Told of each request the HTTP server refuses before the app sees it (src/edge/client-errors.ts): status, id, Node's code. */
export type RefusalObserver = (status: number, requestId: string, reason: string) => void;

/**
 * One line for each such refusal, as for a request (route `unmatched`; no method or user, since its head was not read,
 * or not whole): what a client was told is in the log, by the id it was told.
 */
export function observeRefusals(logger: Logger): RefusalObserver {
  return (status, requestId, reason) =>
    logger.info({ requestId, route: UNMATCHED, status, reason }, 'request refused before it was read');
}

/** Where composeApp keeps an app's refusal observer, for the server that serves it (createHttpServer). */
export function refusalObserverOf(app: { locals: Record<string, unknown> }): RefusalObserver | undefined {
  return app.locals.observeRefusal as RefusalObserver | undefined;
}
