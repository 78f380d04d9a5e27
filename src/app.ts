import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { apiRoutes } from './api.js';
import { admit, allowPages, checkHost, finish, makeApp, startResponses, validate } from './app-steps.js';
import type { Config } from './config/load-config.js';
import type { CorsOrigins } from './config/cors-origins.js';
import { DEFAULT_LIMITS } from './config/limits.js';
import type { OpenApiDocument } from './contract/spec.js';
import { docsRoutes } from './reference/docs-routes.js';
import { Readiness } from './features/health/readiness.js';
import type { CorsExtras } from './edge/cors.js';
import { inOrder } from './edge/steps.js';
import { serveFrom } from './edge/scope.js';
import type { Stopping } from './edge/shutdown.js';
import { limitWriteRate } from './edge/rate-limit.js';
import { shedLoad, type Load } from './edge/shed-load.js';
import { SYSTEM_CLOCK } from './lib/clock.js';
import { observeRefusals } from './observability/observe.js';
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
