import { Router, type Response } from 'express';
import type { Health } from '../../generated/index.js';
import { EXACT_ROUTING } from '../http/routing.js';

export function healthRoutes(): Router {
  return Router(EXACT_ROUTING).get('/healthz', (_req, res: Response<Health>) => {
    res.json({ status: 'ok' });
  });
}
