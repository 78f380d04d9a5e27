import { Router, type Response } from 'express';
import type { Health } from '../../generated/index.js';

export function healthRoutes(): Router {
  return Router().get('/healthz', (_req, res: Response<Health>) => {
    res.json({ status: 'ok' });
  });
}
