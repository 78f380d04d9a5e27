import { Router, type Express } from 'express';
import { createApp } from '../app.js';
import type { Config } from '../config.js';
import { DEFAULT_LIMITS, storeQuotas } from '../config/limits.js';
import { HttpProblem } from '../http/problem.js';
import { EXACT_ROUTING } from '../http/routing.js';
import { openMemoryStore } from '../store/memory/memory-store.js';
import { resettableStore, type ResettableStore } from './resettable-store.js';
import { getExamples, seedStore } from './seed.js';

/**
 * The service itself as a stateful mock: in memory, seeded from the named
 * examples, open to any origin, no authentication, and POST /sandbox/reset.
 */
export async function createSandbox(config: Pick<Config, 'bodyLimit' | 'validateResponses'> & Partial<Pick<Config, 'limits'>>): Promise<Express> {
  const examples = getExamples();
  const limits = config.limits ?? DEFAULT_LIMITS;
  const store = await resettableStore(async () => {
    const fresh = openMemoryStore({ quotas: storeQuotas(limits.quotas) });
    await seedStore(fresh, examples);
    return fresh;
  });
  return createApp({ config: { ...config, limits, corsOrigins: '*' }, store, extraRoutes: resetRoutes(store) });
}

/** Outside the contract, as /docs is: mounted before validation, and only here, never in the real service. */
function resetRoutes(store: ResettableStore): Router {
  return Router(EXACT_ROUTING)
    .post('/sandbox/reset', async (_req, res) => {
      await store.reset();
      res.status(204).end();
    })
    .all('/sandbox/reset', () => {
      throw new HttpProblem('method-not-allowed', 'POST /sandbox/reset restores the seed; no other method is served here.', {
        headers: { Allow: 'POST' },
      });
    });
}
