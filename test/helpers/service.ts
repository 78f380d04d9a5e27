import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import { parseSize, type AuthConfig } from '../../src/config/load-config.js';
import { loadSpec } from '../../src/contract/spec.js';
import { DEFAULT_LIMITS, storeQuotas, type Limits, type Quotas } from '../../src/config/limits.js';
import type { CorsOrigins } from '../../src/config/cors-origins.js';
import { createHttpServer, type Timeouts } from '../../src/edge/listen.js';
import { createLogger } from '../../src/observability/logger.js';
import { storeReports } from '../../src/observability/store-reports.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import type { Store, StoreQuotas } from '../../src/store/store.js';
import type { Stopping } from '../../src/edge/shutdown.js';
import { recordResponses } from './declared.js';
import { openTestPostgresStore } from './postgres.js';

export interface Service {
  url: string;
  dataFile: string;
  /** Headers every call() sends: the Prism mock wants a bearer token, of any value (openapi.yaml's bearerAuth). */
  headers?: Record<string, string>;
  close(): Promise<void>;
}

/** A fresh data file in its own temporary folder. */
export async function freshDataFile(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'collab-test-')), 'db.json');
}

/**
 * The store the in-process services run on, TEST_STORE: `lowdb`, a fresh file (the default); `memory` (npm run
 * test:fast's default: the HTTP behaviour without the disk, whose durability test/store and test/system check); or
 * `postgres` (npm run test:postgres), a fresh schema in TEST_DATABASE_URL, dropped when the service closes.
 */
export const TEST_STORE = process.env.TEST_STORE ?? 'lowdb';

export async function openTestStore(dataFile: string, options: { quotas?: StoreQuotas } = {}): Promise<Store> {
  // Reporting to /metrics and traces as the service's store does.
  if (TEST_STORE === 'lowdb') return openLowdbStore(dataFile, { ...options, hooks: storeReports });
  if (TEST_STORE === 'memory') return openMemoryStore(options);
  if (TEST_STORE === 'postgres') return openTestPostgresStore({ ...options, hooks: storeReports });
  throw new Error(`TEST_STORE is "${TEST_STORE}": it takes lowdb, memory or postgres`);
}

/**
 * The limits of a test service: the defaults, but for the per-user ones, out of the
 * way of tests of something else (without a token every request is the one user
 * `local`). The limits' own tests set them.
 */
const TEST_LIMITS: Limits = {
  ...DEFAULT_LIMITS,
  writesPerWindow: 1e9,
  inFlightPerUser: 1e6,
  inFlightBytesPerUser: 2 ** 50,
  // A store failing is seen by /readyz at once; the grace's own tests (test/system/readiness.test.ts) set it.
  readinessStoreGraceMs: 0,
};

/** The real app on a real port over a real store (see TEST_STORE), checking every response against openapi.yaml; logs go nowhere. */
export async function startService(
  options: {
    dataFile?: string;
    bodyLimit?: string;
    validateResponses?: boolean;
    auth?: AuthConfig;
    corsOrigins?: CorsOrigins;
    timeouts?: Timeouts;
    store?: Store;
    allowedHosts?: string[];
    /** The shutdown state /readyz reads (src/edge/shutdown.ts). */
    stopping?: Stopping;
    limits?: Partial<Limits>;
    /** Quotas to count (on the store under test); without them, none. */
    quotas?: Partial<Quotas>;
  } = {},
): Promise<Service> {
  const dataFile = options.dataFile ?? (await freshDataFile());
  const quotas = options.quotas ? { quotas: storeQuotas({ ...DEFAULT_LIMITS.quotas, ...options.quotas }) } : {};
  const store = options.store ?? (await openTestStore(dataFile, quotas));
  const app = createApp({
    contract: loadSpec(),
    config: {
      bodyLimit: parseSize(options.bodyLimit ?? '1mb'),
      validateResponses: options.validateResponses ?? true,
      ...(options.auth ? { auth: options.auth } : {}),
      ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
      ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      limits: { ...TEST_LIMITS, ...options.limits },
    },
    store,
    // A stream that drops what it gets: a destination on stdout per service would flush every 250 ms until the run ends.
    logger: createLogger('silent', { write: () => {} }),
    ...(options.stopping ? { stopping: options.stopping } : {}),
  });
  const server = recordResponses(createHttpServer(app, options.timeouts)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataFile,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    },
  };
}
