import { FixedWindows } from '../../lib/fixed-windows.js';
import type { HitCounter } from '../store.js';

/**
 * Hits per key in fixed windows, in this process's memory, as a HitCounter: what a
 * sandbox session counts its rate limit with. (The service's own in-process count is
 * src/edge/rate-limit.ts's, on the same FixedWindows, without a promise per request.)
 */
export function memoryHits(): HitCounter {
  const windows = new FixedWindows();
  return {
    async hit(key, windowMs) {
      const { count, resetAt } = windows.hit(key, windowMs);
      return { hits: count, resetAt: new Date(resetAt) };
    },
    async reset(key) {
      windows.reset(key);
    },
  };
}
