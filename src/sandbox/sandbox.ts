import { dirname } from 'node:path';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { createApp } from '../app.js';
import type { Config } from '../config/index.js';
import { DEFAULT_LIMITS, storeQuotas } from '../config/limits.js';
import { readContract } from '../contract/declared-responses.js';
import { specPath } from '../contract/spec.js';
import { openMemoryStore } from '../store/memory/memory-store.js';
import { CLOCK_HEADER, enterSession, preferControls } from './controls.js';
import { sandboxRoutes } from './routes.js';
import { getExamples, seedStore } from './seed.js';
import { Session } from './session.js';
import { DEFAULT_MAX_SESSIONS, SESSION_HEADER, Sessions } from './sessions.js';

export interface SandboxOptions {
  config: Pick<Config, 'bodyLimit' | 'validateResponses'> & Partial<Pick<Config, 'limits'>>;
  /** Sessions held at once (SANDBOX_SESSIONS); past it the least recently used is dropped. */
  maxSessions?: number;
  logger?: Logger;
}

/**
 * The service itself as a stateful mock: in memory, one isolated store per
 * session (X-Sandbox-Session), each seeded from the named examples on first use,
 * open to any origin, no authentication; Prism's `Prefer` controls and a request
 * log per session; POST /sandbox/reset.
 */
export async function createSandbox({ config, maxSessions = DEFAULT_MAX_SESSIONS, logger }: SandboxOptions): Promise<{ app: Express; sessions: Sessions }> {
  const contract = readContract(dirname(specPath));
  const examples = getExamples(contract);
  const limits = config.limits ?? DEFAULT_LIMITS;
  const sessions = new Sessions(async (name, settings) => {
    const store = openMemoryStore({ quotas: storeQuotas(limits.quotas) });
    await seedStore(store, examples);
    return new Session(name, store, settings);
  }, maxSessions);
  const app = createApp({
    config: { ...config, limits, corsOrigins: '*' },
    store: sessions.store(),
    cors: { credentials: true, allowedHeaders: [SESSION_HEADER, CLOCK_HEADER], exposedHeaders: [SESSION_HEADER] },
    partition: (res) => String(res.getHeader(SESSION_HEADER)), // in-flight limits count per session
    hooks: { first: enterSession(sessions), validated: preferControls(contract) },
    extraRoutes: sandboxRoutes(sessions, config.bodyLimit),
    ...(logger ? { logger } : {}),
  });
  return { app, sessions };
}
