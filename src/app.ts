import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { authenticate } from './auth/authenticate.js';
import type { Config } from './config.js';
import { keepKnownBodyMembers } from './contract/known-members.js';
import { loadSpec } from './contract/spec.js';
import { validateAgainst } from './contract/validator.js';
import { cycleRoutes } from './cycles/handler.js';
import { deviceRoutes } from './devices/handler.js';
import { DOCS_PATHS, docsRoutes } from './docs/handler.js';
import { healthRoutes } from './health/handler.js';
import { limitBodyDepth } from './http/body-depth.js';
import { handleError } from './http/error-handler.js';
import { identityRoutes } from './identity/handler.js';
import { navRoutes } from './nav/handler.js';
import { notificationRoutes } from './notifications/handler.js';
import { metricsRoutes } from './observability/metrics-route.js';
import { observeRequests } from './observability/observe.js';
import { assignRequestId } from './observability/request-id.js';
import { readRoutes } from './reads/handler.js';
import type { Store } from './store/store.js';
import { streamsRoutes } from './streams/handler.js';

const JSON_TYPES = ['application/json', 'application/merge-patch+json'];

/** body-parser reads an empty body as {}; it is not a JSON document. */
function refuseEmptyBody(_req: unknown, _res: unknown, body: Buffer): void {
  if (body.length === 0) throw Object.assign(new Error('empty body'), { type: 'body.empty' });
}

export interface AppOptions {
  config: Pick<Config, 'bodyLimit' | 'validateResponses' | 'auth'>;
  store: Store;
  /** Every request is logged to it and measured; left out only by the bench, for its baseline. */
  logger?: Logger;
}

/** Builds the service: parse, guard, authenticate, validate against openapi.yaml, route, report errors. */
export function createApp({ config, store, logger }: AppOptions): Express {
  const spec = loadSpec();
  const app = express();
  app.disable('x-powered-by');
  app.use(assignRequestId); // first, so every response carries X-Request-Id, errors included
  if (logger) app.use(observeRequests(logger, [...Object.keys(spec.paths), ...DOCS_PATHS]));
  app.use(helmet({ hidePoweredBy: false })); // security headers on every response (Express's own switch above drops X-Powered-By)
  app.disable('etag'); // responses describe writes just made; hashing each one costs more than it saves
  app.use(express.json({ limit: config.bodyLimit, type: JSON_TYPES, verify: refuseEmptyBody }));
  app.use(limitBodyDepth);
  app.use(authenticate(config.auth));
  app.use(docsRoutes()); // about the contract, not part of it
  app.use(validateAgainst(config.validateResponses));
  app.use(keepKnownBodyMembers(spec));
  app.use(healthRoutes(store));
  app.use(metricsRoutes());
  // /api/streams/nav before /api/streams/:streamId.
  app.use(navRoutes(store));
  app.use(streamsRoutes(store));
  app.use(notificationRoutes(store));
  app.use(deviceRoutes(store));
  app.use(cycleRoutes(store));
  app.use(identityRoutes(store));
  app.use(readRoutes(store));
  app.use(handleError);
  return app;
}
