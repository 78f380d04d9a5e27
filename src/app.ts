import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { apiRoutes } from './api.js';
import { authenticate } from './edge/authenticate.js';
import type { Config } from './config/load-config.js';
import type { CorsOrigins } from './config/cors-origins.js';
import { DEFAULT_LIMITS, type Limits } from './config/limits.js';
import { shapeRequestBodies } from './contract/request-body-shapes.js';
import type { OpenApiDocument } from './contract/spec.js';
import { validateAgainst } from './contract/validator.js';
import { DOCS_PATHS, docsRoutes } from './reference/docs-routes.js';
import { healthRoutes } from './features/health/handler.js';
import { Readiness } from './features/health/readiness.js';
import { limitBodyDepth } from './edge/body-depth.js';
import { allowOrigins, type CorsExtras } from './edge/cors.js';
import { deprecatedOperations, deprecationHeaders } from './edge/deprecation.js';
import { handleError } from './errors/error-handler.js';
import { allowHosts } from './edge/host-check.js';
import { answerHeadAsGet } from './edge/head.js';
import { refuseBadFraming } from './edge/framing.js';
import { answerOtherTargets, servedInOriginForm } from './edge/request-target.js';
import { declaredBody } from './edge/declared-body.js';
import { EXACT_ROUTING, noRoute } from './edge/routing.js';
import { serveFrom } from './edge/scope.js';
import type { Stopping } from './edge/shutdown.js';
import { startResponse } from './edge/start-response.js';
import { limitWriteRate } from './edge/rate-limit.js';
import { shedLoad, type Load } from './edge/shed-load.js';
import { inOrder, inSteps } from './edge/steps.js';
import { strictIntegers } from './edge/integer-parameters.js';
import { sendJsonOnce } from './edge/json-once.js';
import { SYSTEM_CLOCK } from './lib/clock.js';
import { metricsRoutes } from './observability/metrics-route.js';
import { observeRefusals, observeRequests } from './observability/observe.js';
import { reportReadiness } from './observability/readiness-metrics.js';
import type { Store } from './store/store.js';

/** The settings the app reads. */
export type AppConfig = Pick<Config, 'bodyLimit' | 'validateResponses' | 'auth'> &
  Partial<Pick<Config, 'corsOrigins' | 'limits' | 'allowedHosts'>>;

export interface AppOptions {
  config: AppConfig;
  /** openapi.yaml, parsed once at start (loadSpec) and read-only from then on. */
  contract: OpenApiDocument;
  store: Store;
  /** Every request is logged to it and measured; left out where no log is read (tests, the bench's baselines). */
  logger?: Logger;
  /** Set once the process is shutting down: /readyz answers 503 from then on (src/edge/shutdown.ts). */
  stopping?: Stopping;
  /** The requests and body bytes load shedding counts in flight, for whoever else reads them (the heap's guard). */
  load?: Load;
}

/** Builds the service: check the Host, authenticate, shed load, limit, parse, guard, validate against openapi.yaml, route, report errors. */
export function createApp({ config, contract, store, logger, stopping, load }: AppOptions): Express {
  const limits = config.limits ?? DEFAULT_LIMITS;
  const readiness = new Readiness(limits.readinessStoreGraceMs, stopping);
  reportReadiness(() => readiness.ready(store)); // a process builds one app: the gauge asks the last built
  return composeApp(config, contract, logger, {
    first: [serveFrom({ store, clock: SYSTEM_CLOCK })], // every request reads and writes the one store, stamped by the machine's clock
    cors: { origins: config.corsOrigins ?? [] },
    // Only what authentication admitted counts against capacity, so no one without a token holds any.
    guards: [shedLoad(limits, config.bodyLimit, undefined, load), limitWriteRate(limits, contract, store.hits)],
    readiness,
  });
}

/** What a composition of the app adds to the steps every one has, at the points named; the order is composeApp's alone. */
export interface Additions {
  /** Wraps the app as made, before any step (the sandbox keeps the answers its routes send). */
  wrap?: (app: Express) => Express;
  /** Before the Host check: where requests find their store (the service's one store). */
  first?: RequestHandler[];
  /** After the Host check, before CORS: the sandbox's page, and the session it serves the request from. */
  afterHostCheck?: RequestHandler[];
  /** The origins whose pages may call, and what else CORS allows them. */
  cors: { origins: CorsOrigins; extras?: CorsExtras };
  /** After authentication, before the body is read: the load in flight, the write rate. */
  guards?: RequestHandler[];
  /** Outside the contract, after /docs and before validation: the sandbox's own routes. */
  outsideContract?: RequestHandler[];
  /** After validation, before the routes: the sandbox's Prefer controls. */
  beforeRoutes?: RequestHandler[];
  /** What /readyz reads; a fresh one with the default grace unless given. */
  readiness?: Readiness;
}

/**
 * The one order of the app's steps, for the service (createApp) and the sandbox (src/sandbox/sandbox.ts) alike: request
 * id, headers, log line; HEAD as GET; the Host; CORS; on /api authentication, guards and the body; /docs; validation;
 * the routes; the probes and metrics; the error handler. Each adds its own only at the points Additions names.
 */
export function composeApp(
  config: Omit<AppConfig, 'corsOrigins'>,
  contract: OpenApiDocument,
  logger: Logger | undefined,
  { wrap = (app) => app, first = [], afterHostCheck = [], cors, guards = [], ...rest }: Additions,
): Express {
  const limits = config.limits ?? DEFAULT_LIMITS;
  const app = wrap(makeApp(contract));
  if (logger) app.locals.observeRefusal = observeRefusals(logger); // what Node refuses, logged by the server (refusalObserverOf)
  // One router layer for all that every request passes before /api, rather than one each.
  app.use(
    inOrder(
      ...startResponses(contract, logger),
      ...first,
      ...checkHost(config),
      ...afterHostCheck,
      allowPages(cors.origins, cors.extras ?? {}, logger),
    ),
  );
  app.use('/api', admit(config, limits, contract, ...guards));
  // Outside the contract: before validation, which refuses every path openapi.yaml does not name.
  app.use(docsRoutes(), ...(rest.outsideContract ?? []), ...validate(config, contract), ...(rest.beforeRoutes ?? []));
  app.use('/api', apiRoutes(limits));
  return finish(app, rest.readiness);
}

// The parts composeApp puts in its order.

/** An app with exact routing, targets in origin form, sending JSON once (res.json), without express's own ETag and X-Powered-By. */
function makeApp(contract: OpenApiDocument): Express {
  const app = servedInOriginForm(sendJsonOnce(express()));
  app.set('case sensitive routing', EXACT_ROUTING.caseSensitive);
  app.set('strict routing', EXACT_ROUTING.strict);
  app.disable('x-powered-by');
  app.disable('etag'); // responses describe writes just made; hashing each one costs more than it saves
  app.locals.contract = contract; // for the error handler's explanations (contractOf, src/contract/spec.ts)
  return app;
}

/**
 * First on every request, so every response has them: X-Request-Id, the security headers, a log line and metrics; then
 * HEAD is served as GET; then what HTTP/1.1 itself refuses (framing, Host, the target's form) and `OPTIONS *`.
 */
function startResponses(contract: OpenApiDocument, logger?: Logger): RequestHandler[] {
  return [
    startResponse(logger && observeRequests(logger, [...Object.keys(contract.paths), ...DOCS_PATHS])),
    answerHeadAsGet,
    refuseBadFraming,
    answerOtherTargets(contract),
  ];
}

/** Without authentication, a page elsewhere could reach this machine under its own name (DNS rebinding): only this machine's names. */
function checkHost(config: Pick<AppConfig, 'auth' | 'allowedHosts'>): RequestHandler[] {
  return config.auth ? [] : [allowHosts(config.allowedHosts ?? [])];
}

/** CORS, before authentication and validation, so preflights are answered; one from an origin not allowed gets 403 and a warn line. */
function allowPages(origins: CorsOrigins, extras: CorsExtras, logger: Logger | undefined): RequestHandler {
  return allowOrigins(origins, {
    ...extras,
    onRefusal:
      logger &&
      ((origin, requestId) =>
        logger.warn({ origin, requestId }, `CORS preflight refused: the origin ${origin} is not in CORS_ORIGINS`)),
  });
}

/**
 * Who may be served, decided before any body is read: the token, then `guards` (the load in flight, the write rate),
 * then the body, where the operation takes one. Mounted on /api, the only path that reads bodies; both /api mounts match the same paths (exact
 * routing), so no route under /api runs without authentication, however it is spelled.
 */
function admit(
  config: Pick<AppConfig, 'auth' | 'bodyLimit'>,
  limits: Pick<Limits, 'tokenLifetimeMs'>,
  contract: OpenApiDocument,
  ...guards: RequestHandler[]
): RequestHandler {
  return inOrder(
    authenticate(config.auth, limits.tokenLifetimeMs),
    ...guards,
    declaredBody(config.bodyLimit, contract),
  );
}

/** Deprecation headers where openapi.yaml deprecates; then the body's depth, integer parameters, openapi.yaml's validation and body shapes, in steps for large bodies. */
function validate(config: Pick<AppConfig, 'validateResponses'>, contract: OpenApiDocument): RequestHandler[] {
  const steps = inSteps(
    limitBodyDepth,
    strictIntegers(contract), // before the validator, which reads integers as Number does
    ...validateAgainst(config.validateResponses),
    shapeRequestBodies(contract),
  );
  // While openapi.yaml deprecates nothing, nothing to mount.
  return deprecatedOperations(contract).size > 0 ? [deprecationHeaders(contract), steps] : [steps];
}

/** Last: the probes and metrics (in the contract, outside /api: after it, so API requests never try them), the 404 of no route, then the one error handler. */
function finish(app: Express, readiness = new Readiness(DEFAULT_LIMITS.readinessStoreGraceMs)): Express {
  app.use(healthRoutes(readiness), metricsRoutes(), noRoute);
  app.use(handleError);
  return app;
}
