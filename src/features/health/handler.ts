import { Router, type Response } from 'express';
import type { Health } from '../../../generated/index.js';
import { EXACT_ROUTING } from '../../edge/routing.js';
import { storeOf } from '../../edge/scope.js';
import type { Stopping } from '../../edge/shutdown.js';
import { checkReady } from './readiness.js';

/** The probes: /healthz (alive: the process serves) and /readyz (ready: it takes new work and its store is usable). */
export function healthRoutes(stopping?: Stopping): Router {
  return Router(EXACT_ROUTING)
    .get('/healthz', (_req, res: Response<Health>) => {
      res.json({ status: 'ok' });
    })
    .get('/readyz', async (_req, res: Response<Health>) => {
      await checkReady(storeOf(res), stopping);
      res.json({ status: 'ok' });
    });
}
