import { Router } from 'express';
import { cycleRoutes } from './features/cycles/handler.js';
import { deviceRoutes } from './features/devices/handler.js';
import { EXACT_ROUTING } from './edge/routing.js';
import { identityRoutes } from './features/identity/handler.js';
import { navRoutes } from './features/nav/handler.js';
import { notificationRoutes } from './features/notifications/handler.js';
import { readRoutes } from './features/reads/handler.js';
import type { Limits } from './config/limits.js';
import type { Store } from './store/store.js';
import { streamsRoutes } from './features/streams/handler.js';

/** Every operation under /api, on one router; app.ts mounts it behind authentication. */
export function apiRoutes(store: Store, limits: Pick<Limits, 'pageBytes'>): Router {
  const api = Router(EXACT_ROUTING);
  navRoutes(api, store); // /streams/nav before /streams/:streamId
  streamsRoutes(api, store);
  notificationRoutes(api, store);
  deviceRoutes(api, store, limits.pageBytes);
  cycleRoutes(api, store);
  identityRoutes(api, store);
  readRoutes(api, store, limits.pageBytes);
  return api;
}
