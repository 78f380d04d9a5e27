// The benchmark's baseline for what load shedding and rate limits cost: createApp's composition
// (composeApp, src/app.ts) without the guards. Composed here, not by a switch of createApp's,
// so the service has no setting that turns its limits off; a step added to createApp and not
// here shows up as cost in the target "limits + quotas / validated".
import type { Express } from 'express';
import type { Logger } from 'pino';
import { composeApp, type AppConfig } from '../../src/app.js';
import { loadSpec } from '../../src/contract/spec.js';
import { serveFrom } from '../../src/edge/scope.js';
import { SYSTEM_CLOCK } from '../../src/lib/clock.js';
import type { Store } from '../../src/store/store.js';

/** The service on `store` without load shedding or the write rate limit (quotas are the store's: open it without them). */
export function unguardedApp(config: AppConfig, store: Store, logger?: Logger): Express {
  return composeApp(config, loadSpec(), logger, {
    first: [serveFrom({ store, clock: SYSTEM_CLOCK })],
    cors: { origins: config.corsOrigins ?? [] },
  });
}
