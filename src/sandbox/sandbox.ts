import { dirname } from 'node:path';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { admit, allowPages, checkHost, finish, startApp, validate, type AppConfig } from '../app.js';
import { apiRoutes } from '../api.js';
import { DEFAULT_LIMITS, storeQuotas } from '../config/limits.js';
import { readContract } from '../contract/declared-responses.js';
import { specPath } from '../contract/spec.js';
import { docsRoutes } from '../reference/handler.js';
import { openMemoryStore } from '../store/memory/memory-store.js';
import { CLOCK_HEADER, enterSession, keepBody, preferControls } from './controls.js';
import { sessionGuards } from './guards.js';
import { sandboxRoutes } from './routes.js';
import { getExamples, seedStore } from './seed.js';
import { Session } from './session.js';
import { DEFAULT_MAX_SESSIONS, SESSION_HEADER, Sessions } from './sessions.js';

export interface SandboxOptions {
  /** As the service's, but for CORS: the sandbox allows any origin. */
  config: Omit<AppConfig, 'corsOrigins'>;
  /** Sessions held at once (SANDBOX_SESSIONS); past it the least recently used is dropped. */
  maxSessions?: number;
  logger?: Logger;
}

/** Pages may send the session's cookie and headers, and read which session answered. */
const SANDBOX_CORS = { credentials: true, allowedHeaders: [SESSION_HEADER, CLOCK_HEADER], exposedHeaders: [SESSION_HEADER] };

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
  // The service's parts in the service's order (createApp in src/app.ts), with the sandbox's between them.
  const app = startApp(logger);
  app.use(...checkHost(config), enterSession(sessions), allowPages('*', SANDBOX_CORS, logger));
  app.use('/api', admit(config, limits, ...sessionGuards(limits, config.bodyLimit)));
  // Outside the contract, as /docs: before validation, which refuses every path openapi.yaml does not name.
  app.use(docsRoutes(), keepBody, sandboxRoutes(sessions, config.bodyLimit));
  app.use(...validate(config), preferControls(contract));
  app.use('/api', apiRoutes(limits));
  return { app: finish(app), sessions };
}
