import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import { apiRoutes } from './api.js';
import { authenticate } from './auth/authenticate.js';
import type { Config } from './config.js';
import { keepKnownBodyMembers } from './contract/known-members.js';
import { loadSpec } from './contract/spec.js';
import { validateAgainst } from './contract/validator.js';
import { docsRoutes } from './docs/handler.js';
import { healthRoutes } from './health/handler.js';
import { limitBodyDepth } from './http/body-depth.js';
import { breathe } from './http/breathe.js';
import { allowOrigins } from './http/cors.js';
import { handleError } from './http/error-handler.js';
import { EXACT_ROUTING } from './http/routing.js';
import type { Store } from './store/store.js';

const JSON_TYPES = ['application/json', 'application/merge-patch+json'];

/** body-parser reads an empty body as {}; it is not a JSON document. */
function refuseEmptyBody(_req: unknown, _res: unknown, body: Buffer): void {
  if (body.length === 0) throw Object.assign(new Error('empty body'), { type: 'body.empty' });
}

export interface AppOptions {
  config: Pick<Config, 'bodyLimit' | 'validateResponses' | 'auth'> & Partial<Pick<Config, 'corsOrigins'>>;
  store: Store;
  /** Routes outside the contract (the sandbox's reset), mounted before authentication and validation. */
  extraRoutes?: Router;
}

/** Builds the service: parse, guard, authenticate, validate against openapi.yaml, route, report errors. */
export function createApp({ config, store, extraRoutes }: AppOptions): Express {
  const spec = loadSpec();
  const app = express();
  app.set('case sensitive routing', EXACT_ROUTING.caseSensitive);
  app.set('strict routing', EXACT_ROUTING.strict);
  app.disable('x-powered-by');
  app.use(allowOrigins(config.corsOrigins ?? [])); // first: preflights are answered before authentication and validation
  app.use(helmet({ hidePoweredBy: false })); // security headers on every response (Express's own switch above drops X-Powered-By)
  app.disable('etag'); // responses describe writes just made; hashing each one costs more than it saves
  app.use(express.json({ limit: config.bodyLimit, type: JSON_TYPES, verify: refuseEmptyBody }), breathe);
  app.use(limitBodyDepth, breathe);
  app.use(docsRoutes()); // about the contract, not part of it
  if (extraRoutes) app.use(extraRoutes);
  // Both /api mounts match the same paths (exact routing), so no route under /api runs
  // without authentication, however its path is spelled.
  app.use('/api', authenticate(config.auth));
  app.use(validateAgainst(config.validateResponses), breathe);
  app.use(keepKnownBodyMembers(spec), breathe);
  app.use(healthRoutes());
  app.use('/api', apiRoutes(store));
  app.use(handleError);
  return app;
}
