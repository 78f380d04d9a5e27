// The benchmark's baseline for what load shedding and rate limits cost: createApp's parts
// (src/app.ts) in its order, less the guards. Composed here, not by a switch of createApp's,
// so the service has no setting that turns its limits off; a step added to createApp and not
// here shows up as cost in the target "limits + quotas / validated".
import type { Express } from 'express';
import type { Logger } from 'pino';
import { admit, allowPages, checkHost, finish, startApp, validate, type AppConfig } from '../../src/app.js';
import { apiRoutes } from '../../src/api.js';
import { DEFAULT_LIMITS } from '../../src/config/limits.js';
import { serveFrom } from '../../src/edge/scope.js';
import { SYSTEM_CLOCK } from '../../src/lib/clock.js';
import { docsRoutes } from '../../src/reference/docs-routes.js';
import type { Store } from '../../src/store/store.js';

/** The service on `store` without load shedding or the write rate limit (quotas are the store's: open it without them). */
export function unguardedApp(config: AppConfig, store: Store, logger?: Logger): Express {
  const limits = config.limits ?? DEFAULT_LIMITS;
  const app = startApp(logger);
  app.use(serveFrom({ store, clock: SYSTEM_CLOCK }));
  app.use(...checkHost(config), allowPages(config.corsOrigins ?? [], {}, logger));
  app.use('/api', admit(config, limits));
  app.use(docsRoutes(), ...validate(config));
  app.use('/api', apiRoutes(limits));
  return finish(app);
}
