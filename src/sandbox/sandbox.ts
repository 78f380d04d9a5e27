import { dirname, join } from 'node:path';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Contract } from '../contract/declared-responses.js';
import { composeApp, type AppConfig } from '../app.js';
import { DEFAULT_LIMITS, storeQuotas, type Limits } from '../config/limits.js';
import { readContract } from '../contract/declared-responses.js';
import { contractSecrets, headerRedactor } from '../contract/redact.js';
import { specPath, type OpenApiDocument } from '../contract/spec.js';
import { serveFrom } from '../edge/scope.js';
import { SYSTEM_CLOCK } from '../lib/clock.js';
import { openMemoryStore, type MemoryStore } from '../store/memory/memory-store.js';
import { DROPPED_HEADER } from './controls.js';
import { keepAnswers, keepBody } from './logged-request.js';
import { preferControls } from './prefer-controls.js';
import { sessionGuards } from './guards.js';
import { inspectRoutes } from './inspect-routes.js';
import { pageRoutes } from './page-routes.js';
import { sandboxRoutes } from './routes.js';
import { buildThrough } from './scenario-build.js';
import { loadScenarioFiles } from './scenario-files.js';
import { restore, Scenarios } from './scenarios.js';
import { getExamples, seedStore } from './seed.js';
import { stateOf } from './state.js';
import { boundLargeAnswers } from './large-answers.js';
import { DEFAULT_SANDBOX_SETTINGS, type StreamLimits } from './sandbox-settings.js';
import { Session } from './session.js';
import type { SessionSettings } from './session-settings.js';
import { SESSION_HEADER, Sessions, type OpenSession, type SessionLimits } from './sessions.js';

export interface SandboxOptions {
  /** As the service's, but for CORS (the sandbox allows any origin) and authentication (none, ever: `auth` is ignored). */
  config: Omit<AppConfig, 'corsOrigins'>;
  /** openapi.yaml, parsed once at start (loadSpec) and read-only from then on. */
  contract: OpenApiDocument;
  /** The bounds on sessions (SANDBOX_SESSIONS, SANDBOX_MAX_BYTES, SANDBOX_SESSION_IDLE, SANDBOX_NEW_SESSIONS); the defaults where not given. */
  sessions?: Partial<SessionLimits>;
  /** The bounds on the page's event streams (SANDBOX_EVENT_STREAMS, …_PER_CLIENT, SANDBOX_EVENT_BUFFER). */
  streams?: Partial<StreamLimits>;
  /** The folder of `<name>.json` scenarios defined at start: mocks/scenarios unless given. */
  scenariosFolder?: string;
  /** The most scenarios held (SANDBOX_MAX_SCENARIOS), files included; past it PUT /sandbox/scenarios/{new name} is 403 quota-exceeded. */
  maxScenarios?: number;
  /** Builds the folder's scenarios before resolving (make sandbox: a refused step stops the start), instead of on first use. */
  buildScenarios?: boolean;
  logger?: Logger;
}

/** Pages may send the session's cookie, and read which session answered (its headers the service's CORS allows too). */
const SANDBOX_CORS = { credentials: true, exposedHeaders: [SESSION_HEADER, DROPPED_HEADER] };

/**
 * The service itself as a stateful mock: in memory, one isolated store per
 * session (X-Sandbox-Session), each seeded from the named examples on first use,
 * open to any origin, no authentication; Prism's `Prefer` controls and a request
 * log per session; POST /sandbox/reset.
 */
export async function createSandbox({
  config: { auth: _never, ...config },
  contract: spec,
  sessions: sessionLimits,
  streams,
  maxScenarios,
  scenariosFolder,
  buildScenarios = false,
  logger,
}: SandboxOptions): Promise<{ app: Express; sessions: Sessions; scenarios: Scenarios }> {
  const declared = readContract(dirname(specPath), spec); // its examples, from the files beside it
  const contract = { spec, declared, examples: getExamples(declared) };
  const limits = config.limits ?? DEFAULT_LIMITS;
  const redact = headerRedactor(contractSecrets(spec)); // credentials in the request logs
  // `start` fills the store, and says which definition of its scenario it used.
  const open =
    (start: (store: MemoryStore, settings: SessionSettings) => Promise<number | undefined>): OpenSession =>
    async (name, settings, room, before) => {
      const store = openMemoryStore({ quotas: storeQuotas(limits.quotas), room });
      return new Session(name, store, settings, redact, { ...before, version: await start(store, settings) });
    };
  // Scenarios are made in a sandbox of their own whose sessions start empty; each then starts a session here from a copy of its records.
  const builder = new Sessions(
    open(async () => undefined),
    {
      max: Number.MAX_SAFE_INTEGER,
      maxBytes: Number.POSITIVE_INFINITY,
      idleMs: 0,
      startsPerMinute: Number.MAX_SAFE_INTEGER,
    },
  );
  const none = new Scenarios(async () => ({ records: [], answers: [] })); // the builder's own /sandbox routes are never asked for scenarios
  // A scenario's steps set a session up; they are no one's traffic: no write rate (RATE_LIMIT_WRITES), quotas as ever.
  const unlimited = { ...limits, writesPerWindow: Number.MAX_SAFE_INTEGER };
  const scenarios = new Scenarios(
    buildThrough(assemble(builder, none, contract, config, unlimited, logger), builder),
    maxScenarios,
  );
  const sessions = new Sessions(
    open(async (store, { scenario }) => {
      const defined = scenario === undefined ? undefined : scenarios.get(scenario);
      if (defined) await restore(store, await defined.records());
      else await seedStore(store, contract.examples);
      return defined?.version;
    }),
    { ...DEFAULT_SANDBOX_SETTINGS.sessions, ...sessionLimits },
  );
  await loadScenarioFiles(scenarios, scenariosFolder ?? join(dirname(specPath), 'mocks', 'scenarios'), buildScenarios);
  const events = { ...DEFAULT_SANDBOX_SETTINGS.streams, ...streams };
  return { app: assemble(sessions, scenarios, contract, config, limits, logger, events), sessions, scenarios };
}

/** The state a session not yet made would start from (the examples' seed), made once when first asked for. */
function seedState(examples: Map<string, unknown>): () => Promise<string> {
  let made: Promise<string> | undefined;
  return () =>
    (made ??= (async () => {
      const store = openMemoryStore();
      await seedStore(store, examples);
      return stateOf(store);
    })());
}

function assemble(
  sessions: Sessions,
  scenarios: Scenarios,
  contract: { spec: OpenApiDocument; declared: Contract; examples: Map<string, unknown> },
  config: SandboxOptions['config'],
  limits: Limits,
  logger: Logger | undefined,
  streams: StreamLimits = DEFAULT_SANDBOX_SETTINGS.streams,
): Express {
  // The service's order (composeApp in src/app.ts), with the sandbox's steps at its points.
  return composeApp({ ...config, limits }, contract.spec, logger, {
    wrap: keepAnswers,
    // What the probes read (/readyz): a memory store, always usable as every session's is; API requests use their session's.
    first: [serveFrom({ store: openMemoryStore(), clock: SYSTEM_CLOCK })],
    // The page looks at sessions without entering one: after the Host check.
    afterHostCheck: [pageRoutes(sessions, streams)],
    cors: { origins: '*', extras: SANDBOX_CORS },
    // After CORS, so a page can read a refusal: load shedding, then the session is entered, then its write rate.
    guards: sessionGuards(sessions, limits, config.bodyLimit, contract.spec),
    // Outside the contract, as /docs: before validation, which refuses every path openapi.yaml does not name.
    outsideContract: [
      boundLargeAnswers(streams),
      keepBody,
      sandboxRoutes(sessions, scenarios, config.bodyLimit, contract.examples),
      inspectRoutes(sessions, contract.spec, seedState(contract.examples)),
    ],
    beforeRoutes: [preferControls(contract.declared, contract.spec)],
  });
}
