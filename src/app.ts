import express, { type Express, type RequestHandler, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { apiRoutes } from './api.js';
import { authenticate } from './edge/authenticate.js';
import type { Config } from './config/index.js';
import { DEFAULT_LIMITS } from './config/limits.js';
import { shapeRequestBodies } from './contract/request-body-shapes.js';
import { loadSpec } from './contract/spec.js';
import { validateAgainst } from './contract/validator.js';
import { DOCS_PATHS, docsRoutes } from './reference/handler.js';
import { healthRoutes } from './features/health/handler.js';
import { limitBodyDepth } from './edge/body-depth.js';
import { allowOrigins, type CorsExtras } from './edge/cors.js';
import { serveFrom } from './edge/scope.js';
import { deprecatedOperations, deprecationHeaders } from './edge/deprecation.js';
import { handleError } from './errors/error-handler.js';
import { allowHosts } from './edge/host-check.js';
import { jsonBody } from './edge/json-body.js';
import { EXACT_ROUTING } from './edge/routing.js';
import { startResponse } from './edge/start-response.js';
import { limitWriteRate } from './edge/rate-limit.js';
import { shedLoad } from './edge/shed-load.js';
import { inOrder, inSteps } from './edge/steps.js';
import { SYSTEM_CLOCK } from './lib/clock.js';
import { metricsRoutes } from './observability/metrics-route.js';
import { observeRequests } from './observability/observe.js';
import type { Store } from './store/store.js';

export interface AppOptions {
  config: Pick<Config, 'bodyLimit' | 'validateResponses' | 'auth'> & Partial<Pick<Config, 'corsOrigins' | 'limits' | 'allowedHosts'>>;
  store: Store;
  /** Routes outside the contract (the sandbox's), mounted before validation; they read their own bodies. */
  extraRoutes?: Router;
  /** The sandbox's controls: `first` right after the request id is set; `validated` after validation, before the handlers. */
  hooks?: { first?: RequestHandler; validated?: RequestHandler };
  /** Headers and credentials CORS allows beyond the service's own (the sandbox's). */
  cors?: CorsExtras;
  /** Whose in-flight counts a request joins: its user (the default); the sandbox's session. */
  partition?: (res: Response) => string;
  /** Every request is logged to it and measured; left out only by the bench, for its baseline. */
  logger?: Logger;
  /** Load shedding and write rate limits (on unless false); off only in the bench, for its baseline. */
  guarded?: boolean;
}

/** Builds the service: check the Host, authenticate, shed load, limit, parse, guard, validate against openapi.yaml, route, report errors. */
export function createApp({ config, store, extraRoutes, hooks = {}, cors = {}, partition, logger, guarded = true }: AppOptions): Express {
  const spec = loadSpec();
  const limits = config.limits ?? DEFAULT_LIMITS;
  const app = express();
  app.set('case sensitive routing', EXACT_ROUTING.caseSensitive);
  app.set('strict routing', EXACT_ROUTING.strict);
  app.disable('x-powered-by');
  // First, so every response carries X-Request-Id and the security headers, and every request is logged and measured, errors included.
  app.use(startResponse(logger && observeRequests(logger, [...Object.keys(spec.paths), ...DOCS_PATHS])));
  app.use(serveFrom({ store, clock: SYSTEM_CLOCK })); // handlers read and write the one store, and stamp with the machine's clock
  // Without authentication, a page elsewhere could reach this machine under its own name (DNS rebinding): only this machine's names.
  if (!config.auth) app.use(allowHosts(config.allowedHosts ?? []));
  if (hooks.first) app.use(hooks.first);
  // Preflights are answered before authentication and validation; one from an origin not allowed gets 403, and a log line.
  app.use(allowOrigins(config.corsOrigins ?? [], { ...cors, onRefusal: logger && ((origin, requestId) => logger.warn({ origin, requestId },
    `CORS preflight refused: the origin ${origin} is not in CORS_ORIGINS`)) }));
  app.disable('etag'); // responses describe writes just made; hashing each one costs more than it saves
  // Who may be served is decided before any body is read: the token, then the process's and the user's load, and the write rate.
  // Only /api reads bodies, and only what authentication admitted counts against capacity, so no one without a token holds any.
  // Both /api mounts match the same paths (exact routing), so no route under /api runs without authentication, however it is spelled.
  const guards = guarded ? [shedLoad(limits, config.bodyLimit, partition), limitWriteRate(limits, store.hits)] : [];
  app.use('/api', inOrder(authenticate(config.auth, limits.tokenLifetimeMs), ...guards, ...jsonBody(config.bodyLimit)));
  // Outside the contract: before validation, which refuses every path openapi.yaml does not name.
  app.use(docsRoutes());
  if (extraRoutes) app.use(extraRoutes);
  // Deprecation and Sunset on the operations openapi.yaml deprecates; while it deprecates none, nothing to mount.
  if (deprecatedOperations(spec).size > 0) app.use(deprecationHeaders(spec));
  app.use(inSteps(limitBodyDepth, ...validateAgainst(config.validateResponses), shapeRequestBodies(spec)));
  if (hooks.validated) app.use(hooks.validated);
  app.use('/api', apiRoutes(limits));
  // In the contract, outside /api: after it, so API requests never try these routes.
  app.use(healthRoutes(), metricsRoutes());
  app.use(handleError);
  return app;
}
