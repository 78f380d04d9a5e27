import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { recordRequest } from './http-metrics.js';
import { collectProcessMetrics } from './metrics-route.js';
import { logRequests } from './request-log.js';
import { routeMatcher } from './route-template.js';

/** What express-openapi-validator leaves on a request it matched: the route's template. */
type Matched = Request & { openapi?: { openApiRoute?: string } };

/**
 * Logs and times every request, in one middleware; `routes` are the templates (and
 * fixed paths) requests are named by. A request the validator matched is named by
 * the template it found; only the others are matched here.
 */
export function observeRequests(logger: Logger, routes: readonly string[]): RequestHandler {
  collectProcessMetrics();
  const matchRoute = routeMatcher(routes);
  const routeOf = (req: Matched) => req.openapi?.openApiRoute ?? matchRoute(req.originalUrl);
  const log = logRequests(logger, routeOf);
  return (req, res, next) => {
    const started = performance.now();
    log(req, res);
    res.on('finish', () => recordRequest(req.method, routeOf(req), res.statusCode, (performance.now() - started) / 1000));
    next();
  };
}
