import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { logRequests } from './request-log.js';
import { routeMatcher } from './route-template.js';

/** Logs every request; `routes` are the templates (and fixed paths) requests are named by. */
export function observeRequests(logger: Logger, routes: readonly string[]): RequestHandler[] {
  const routeOf = routeMatcher(routes);
  return [logRequests(logger, routeOf)];
}
