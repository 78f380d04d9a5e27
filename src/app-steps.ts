import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config/load-config.js';
import type { CorsOrigins } from './config/cors-origins.js';
import { DEFAULT_LIMITS, type Limits } from './config/limits.js';
import { shapeRequestBodies } from './contract/request-body-shapes.js';
import type { OpenApiDocument } from './contract/spec.js';
import { validateAgainst } from './contract/validator.js';
import { DOCS_PATHS } from './reference/docs-routes.js';
import { healthRoutes } from './features/health/handler.js';
import { Readiness } from './features/health/readiness.js';
import { authenticate } from './edge/authenticate.js';
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
import { startResponse } from './edge/start-response.js';
import { inOrder, inSteps } from './edge/steps.js';
import { strictIntegers } from './edge/integer-parameters.js';
import { sendJsonOnce } from './edge/json-once.js';
import { metricsRoutes } from './observability/metrics-route.js';
import { observeRequests } from './observability/observe.js';

// The parts composeApp (src/app.ts) puts in its order, each exported for it alone.

/** An app with exact routing, targets in origin form, sending JSON once (res.json), without express's own ETag and X-Powered-By. */
export function makeApp(contract: OpenApiDocument): Express {
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
export function startResponses(contract: OpenApiDocument, logger?: Logger): RequestHandler[] {
  return [
    startResponse(logger && observeRequests(logger, [...Object.keys(contract.paths), ...DOCS_PATHS])),
    answerHeadAsGet,
    refuseBadFraming,
    answerOtherTargets(contract),
  ];
}

/** Without authentication, a page elsewhere could reach this machine under its own name (DNS rebinding): only this machine's names. */
export function checkHost(config: Partial<Pick<Config, 'auth' | 'allowedHosts'>>): RequestHandler[] {
  return config.auth ? [] : [allowHosts(config.allowedHosts ?? [])];
}

/** CORS, before authentication and validation, so preflights are answered; one from an origin not allowed gets 403 and a warn line. */
export function allowPages(origins: CorsOrigins, extras: CorsExtras, logger: Logger | undefined): RequestHandler {
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
export function admit(
  config: Pick<Config, 'auth' | 'bodyLimit'>,
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
export function validate(config: Pick<Config, 'validateResponses'>, contract: OpenApiDocument): RequestHandler[] {
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
export function finish(app: Express, readiness = new Readiness(DEFAULT_LIMITS.readinessStoreGraceMs)): Express {
  app.use(healthRoutes(readiness), metricsRoutes(), noRoute);
  app.use(handleError);
  return app;
}
