import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { measureRequests } from './http-metrics.js';
import { collectProcessMetrics } from './metrics-route.js';
import { logRequests } from './request-log.js';
import { routeMatcher } from './route-template.js';

/** Logs and times every request; `routes` are the templates (and fixed paths) requests are named by. */
export function observeRequests(logger: Logger, routes: readonly string[]): RequestHandler[] {
  collectProcessMetrics();
  const routeOf = routeMatcher(routes);
  return [logRequests(logger, routeOf), measureRequests(routeOf)];
}
