import { Router, type Response } from 'express';
import type { Health } from '../../../generated/index.js';
import { EXACT_ROUTING } from '../../edge/routing.js';
import { storeOf } from '../../edge/scope.js';
import type { Readiness } from './readiness.js';

/** The probes: /healthz (alive: the process serves) and /readyz (ready: it takes new work and its store is usable, or only briefly not). */
export function healthRoutes(readiness: Readiness): Router {
  return Router(EXACT_ROUTING)
    .get('/healthz', (_req, res: Response<Health>) => {
      res.json({ status: 'ok' });
    })
    .get('/readyz', async (_req, res: Response<Health>) => {
      await readiness.check(storeOf(res));
      res.json({ status: 'ok' });
    });
}
