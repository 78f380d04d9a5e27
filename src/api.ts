import { Router } from 'express';
import { cycleRoutes } from './features/cycles/handler.js';
import { deviceRoutes } from './features/devices/handler.js';
import { EXACT_ROUTING } from './edge/routing.js';
import { identityRoutes } from './features/identity/handler.js';
import { navRoutes } from './features/nav/handler.js';
import { notificationRoutes } from './features/notifications/handler.js';
import { readRoutes } from './features/reads/handler.js';
import type { Limits } from './config/limits.js';
import { streamsRoutes } from './features/streams/handler.js';

/** Every operation under /api, on one router; its handlers serve each request from its scope (src/edge/scope.ts). */
export function apiRoutes(limits: Pick<Limits, 'pageBytes'>): Router {
  const api = Router(EXACT_ROUTING);
  navRoutes(api); // /streams/nav before /streams/:streamId
  streamsRoutes(api);
  notificationRoutes(api);
  deviceRoutes(api, limits.pageBytes);
  cycleRoutes(api);
  identityRoutes(api);
  readRoutes(api, limits.pageBytes);
  return api;
}
