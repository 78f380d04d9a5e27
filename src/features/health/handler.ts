import { Router, type Response } from 'express';
import type { Health } from '../../../generated/index.js';
import { EXACT_ROUTING } from '../../edge/routing.js';
import type { Stopping } from '../../edge/shutdown.js';
import type { Store } from '../../store/store.js';
import { checkReady } from './readiness.js';

/** The probes: /healthz (alive: the process serves) and /readyz (ready: it takes new work and its store is usable). */
export function healthRoutes(store: Store, stopping?: Stopping): Router {
  return Router(EXACT_ROUTING)
    .get('/healthz', (_req, res: Response<Health>) => {
      res.json({ status: 'ok' });
    })
    .get('/readyz', async (_req, res: Response<Health>) => {
      await checkReady(store, stopping);
      res.json({ status: 'ok' });
    });
}
