import type { LevelWithSilent } from 'pino';
import type { StoreSettings } from '../store/open-store.js';
import { parseAllowedHosts } from './allowed-hosts.js';
import { loadHttps, type HttpsFiles } from './https.js';
import { loadAuth, refuseEmptyAuth, type AuthConfig } from './auth.js';
import { LOOPBACK_ORIGINS, parseCorsOrigins, type CorsOrigins } from './cors-origins.js';
import { checkHeap, heapLimitBytes, storeMaxBytesFor } from './heap-budget.js';
import { storeQuotas, type Limits } from './limits.js';
import { loadLimits } from './load-limits.js';
import { parseDatabaseUrl, parseLogLevel, parsePort, parseSeconds, parseSize } from './parse.js';
import { readSecret } from './secrets.js';
import { misspeltSettings, recordingReads } from './settings-read.js';

export { parseSize };

/**
 * Journal size at which the embedded store writes the changed shards and starts a new journal file
 * (JOURNAL_CHECKPOINT_BYTES): larger means fewer checkpoints (each rewrites every changed shard whole) and a longer replay at start-up.
 */
const CHECKPOINT_BYTES = 128 * 1024 * 1024;
export type { AuthConfig, KeySetTiming } from './auth.js';

export interface Config {
  port: number;
  host: string;
  auth?: AuthConfig;
  /** Serve everyone as the local user on a non-loopback HOST (ALLOW_UNAUTHENTICATED=true). */
  allowUnauthenticated: boolean;
  dataFile: string;
  /** Journal size at which the lowdb store checkpoints into its shard files (JOURNAL_CHECKPOINT_BYTES). */
  checkpointBytes: number;
  /** PostgreSQL instead of the lowdb file (DATABASE_URL, postgres://…); instances may share it. */
  databaseUrl?: string;
  /** HTTPS with this certificate and key (TLS_CERT_FILE, TLS_KEY_FILE), reloaded when they change; else HTTP. */
  https?: HttpsFiles;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Check every response against openapi.yaml (on in tests; costs time). */
  validateResponses: boolean;
  /** Host names served, beside this machine's, where nothing authenticates (ALLOWED_HOSTS; DNS rebinding). */
  allowedHosts: string[];
  /** Browser origins allowed by CORS (CORS_ORIGINS); by default pages on this machine, without authentication on loopback. */
  corsOrigins: CorsOrigins;
  /** The least severe log lines written (LOG_LEVEL). */
  logLevel: LevelWithSilent;
  /** What one client may take: in flight, per window, per page, per token, kept (src/config/limits.ts). */
  limits: Limits;
  /** The shutdown timeline after SIGTERM (src/edge/shutdown.ts). */
  shutdown: ShutdownTimes;
  /** A line for each variable that looks like a misspelt setting (`RATE_LIMT_WRITES`), to log at start-up. */
  warnings: string[];
}

export interface ShutdownTimes {
  /** How long everything but /readyz is served after the signal, so a load balancer notices first (SHUTDOWN_DELAY). */
  delayMs: number;
  /** How long requests in flight get to finish once the listener is closed (SHUTDOWN_TIMEOUT). */
  timeoutMs: number;
}

/** The time a balancer needs to see /readyz fail (HAProxy: 3 checks 1 s apart; Kubernetes: a probe period or two). */
export const SHUTDOWN_DELAY_MS = 5_000;
/** As long as a request may take to arrive (the server's request timeout, src/edge/listen.ts), so no upload is cut. */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

/**
 * Reads `PORT`, `HOST`, `DATA_FILE`, `JOURNAL_CHECKPOINT_BYTES`, `DATABASE_URL` (or `DATABASE_URL_FILE`), `TLS_CERT_FILE` and `TLS_KEY_FILE`, `BODY_LIMIT`, `VALIDATE_RESPONSES`, `ALLOWED_HOSTS`, `CORS_ORIGINS`, `LOG_LEVEL`, `SHUTDOWN_DELAY`, `SHUTDOWN_TIMEOUT`, the `AUTH_*` settings (src/config/auth.ts) and the limits (src/config/limits.ts); one set but empty is refused.
 * `heapLimit` is checked against what may be in flight and, where `storeInProcess` (the service without DATABASE_URL),
 * the stated size; the sandbox checks its sessions' budget itself.
 */
export function loadConfig(
  environment: NodeJS.ProcessEnv = process.env,
  heapLimit = heapLimitBytes(),
  storeInProcess = true,
): Config {
  refuseEmptyAuth(environment);
  const { env, read } = recordingReads(environment);
  const auth = loadAuth(env);
  const databaseUrl = parseDatabaseUrl(readSecret(env, 'DATABASE_URL'));
  const host = env.HOST ?? '127.0.0.1';
  const https = loadHttps(env);
  const limits = loadLimits(env);
  const notes: string[] = [];
  const embedded = storeInProcess && databaseUrl === undefined;
  if (!env.STORE_MAX_BYTES && embedded) {
    // Unset, the stated size is the default or what the heap holds, whichever is less.
    const fits = storeMaxBytesFor(heapLimit, limits);
    if (fits < limits.storeMaxBytes) {
      notes.push(
        `The stated size is ${fits / 1024 ** 2} MiB, not ${limits.storeMaxBytes / 1024 ** 2} MiB: that is what this process's heap limit of ${Math.round(heapLimit / 1024 ** 2)} MiB holds (NODE_OPTIONS=--max-old-space-size sets it; docs/operators/storage.md)`,
      );
      limits.storeMaxBytes = fits;
    }
  }
  checkHeap(heapLimit, limits, embedded ? { setting: 'STORE_MAX_BYTES', bytes: limits.storeMaxBytes } : undefined);
  return {
    port: parsePort(env.PORT ?? '3000'),
    host,
    ...(auth ? { auth } : {}),
    allowUnauthenticated: env.ALLOW_UNAUTHENTICATED === 'true',
    dataFile: env.DATA_FILE ?? 'data/db.json',
    checkpointBytes:
      env.JOURNAL_CHECKPOINT_BYTES === undefined
        ? CHECKPOINT_BYTES
        : parseSize(env.JOURNAL_CHECKPOINT_BYTES, 'JOURNAL_CHECKPOINT_BYTES'),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(https ? { https } : {}),
    bodyLimit: parseSize(env.BODY_LIMIT ?? '1mb', 'BODY_LIMIT'),
    validateResponses: env.VALIDATE_RESPONSES === 'true',
    allowedHosts: parseAllowedHosts(env.ALLOWED_HOSTS ?? ''),
    corsOrigins:
      env.CORS_ORIGINS === undefined
        ? auth || !isLoopback(host)
          ? []
          : LOOPBACK_ORIGINS
        : parseCorsOrigins(env.CORS_ORIGINS),
    logLevel: parseLogLevel(env.LOG_LEVEL ?? 'info'),
    limits,
    shutdown: {
      delayMs: parseSeconds(env.SHUTDOWN_DELAY, 'SHUTDOWN_DELAY', SHUTDOWN_DELAY_MS),
      timeoutMs: parseSeconds(env.SHUTDOWN_TIMEOUT, 'SHUTDOWN_TIMEOUT', SHUTDOWN_TIMEOUT_MS),
    },
    get warnings() {
      return [...notes, ...misspeltSettings(environment, read)];
    },
  };
}

/** What opening the store takes (src/store/open-store.ts): where the data lives, and the limits the store itself enforces. */
export function storeSettings({ dataFile, databaseUrl, checkpointBytes, limits }: Config): StoreSettings {
  const { storeMaxBytes, journalMaxBytes, quotas, controlSocketIdleMs, controlSocketConnections } = limits;
  return {
    dataFile,
    ...(databaseUrl ? { databaseUrl, startTimeoutMs: limits.storeStartTimeoutMs } : {}),
    checkpointBytes,
    limits: {
      storeMaxBytes,
      journalMaxBytes,
      quotas: storeQuotas(quotas),
      controlSocket: { idleMs: controlSocketIdleMs, maxConnections: controlSocketConnections },
    },
  };
}

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
