import type { StoreQuotas } from '../store/store.js';
import { LOG_BUFFER_BYTES } from '../observability/logger.js';

/** Records and bytes one user may keep (docs/operators/configuration.md, Limits). Streams and drafts count against whoever last wrote them. */
export interface Quotas {
  streams: number;
  devices: number;
  identityNamespaces: number;
  drafts: number;
  readMarkers: number;
  readMarkersPerStream: number;
  /** Idempotency keys kept (for IDEMPOTENCY_KEY_TTL, until swept). */
  idempotencyKeys: number;
  /** Stored bytes (compact JSON, and idempotency keys' keys) over all of the user's records. */
  bytes: number;
}

/** Every limit that keeps one client from taking the service from the others: each a setting, here with its default. */
export interface Limits {
  /** Requests in flight in this process before new ones are shed with 503 `overloaded` (MAX_IN_FLIGHT). */
  inFlight: number;
  /** Declared request body bytes in flight in this process (MAX_IN_FLIGHT_BYTES). */
  inFlightBytes: number;
  /** Requests in flight per user (MAX_IN_FLIGHT_PER_USER). */
  inFlightPerUser: number;
  /** Declared request body bytes in flight per user (MAX_IN_FLIGHT_BYTES_PER_USER); a user with nothing in flight may always send one body. */
  inFlightBytesPerUser: number;
  /** Writes (POST, PUT, PATCH, DELETE under /api) one user may make per window (RATE_LIMIT_WRITES)... */
  writesPerWindow: number;
  /** ...of this many milliseconds (RATE_LIMIT_WINDOW). */
  rateWindowMs: number;
  /** The most bytes of items one page of a list holds (PAGE_MAX_BYTES); one item always fits. */
  pageBytes: number;
  /** The longest a token may be valid, `exp` − `iat` (or − now), in milliseconds (AUTH_MAX_TOKEN_LIFETIME). */
  tokenLifetimeMs: number;
  /** How long an Idempotency-Key is kept: a repeat within it gets the first answer; after it, the key starts anew (IDEMPOTENCY_KEY_TTL). */
  idempotencyKeyTtlMs: number;
  /** How long an attempt holds its key (a repeat: 409) before a retry may take it over, its process gone (IDEMPOTENCY_KEY_LEASE). */
  idempotencyKeyLeaseMs: number;
  quotas: Quotas;
  /** The embedded store's stated size: stored bytes (compact JSON) past which it takes no growth (STORE_MAX_BYTES). */
  storeMaxBytes: number;
  /** Journal bytes past which /readyz answers 503: checkpoints have been failing (JOURNAL_MAX_BYTES). */
  journalMaxBytes: number;
  /** How long the lowdb control socket waits on a client with no byte moving before it closes the connection (CONTROL_SOCKET_IDLE_TIMEOUT). */
  controlSocketIdleMs: number;
  /** Connections the lowdb control socket answers at once (CONTROL_SOCKET_MAX_CONNECTIONS). */
  controlSocketConnections: number;
  /** How long the store may be unusable before /readyz answers 503: a shared outage this short keeps every instance in rotation (READINESS_STORE_GRACE). */
  readinessStoreGraceMs: number;
  /** How long start-up waits for PostgreSQL (or PgBouncer) not up yet, trying again with back-off, before it refuses (STORE_START_TIMEOUT). */
  storeStartTimeoutMs: number;
  /** Log lines held while stdout takes none, in bytes, past which new lines are dropped and counted (LOG_BUFFER_MAX_BYTES). */
  logBufferBytes: number;
}

/** The defaults, as docs/operators/configuration.md states them. */
export const DEFAULT_LIMITS: Limits = {
  inFlight: 256,
  // Counted as what it may cost: a parsed body can take 21 times its JSON (src/config/heap-budget.ts).
  inFlightBytes: 8 * 1024 ** 2,
  inFlightPerUser: 8,
  inFlightBytesPerUser: 2 * 1024 ** 2,
  writesPerWindow: 1200,
  rateWindowMs: 60_000,
  pageBytes: 4 * 1024 ** 2,
  tokenLifetimeMs: 24 * 3_600_000,
  idempotencyKeyTtlMs: 24 * 3_600_000,
  // Longer than a request is served (its whole request within 30 s, a store's statements time out sooner).
  idempotencyKeyLeaseMs: 60_000,
  quotas: {
    streams: 10_000,
    devices: 100,
    identityNamespaces: 100,
    drafts: 1_000,
    readMarkers: 100_000,
    readMarkersPerStream: 1_000,
    // A day's keyed creates: half the streams a user may ever create, each key a few hundred bytes of QUOTA_BYTES.
    idempotencyKeys: 5_000,
    bytes: 32 * 1024 ** 2,
  },
  // Measured: a GiB of small records took 3.3 GiB of the 4 GiB heap and 40 s to load; 512 MiB, 1.6 GiB and 16 s.
  storeMaxBytes: 512 * 1024 ** 2,
  journalMaxBytes: 1024 ** 3,
  // Each open export holds a snapshot, and each backup the checkpoints: a few at once, and none stalled for long.
  controlSocketIdleMs: 10_000,
  controlSocketConnections: 4,
  // Longer than a database restart and PgBouncer's stock server_login_retry (15 s) together.
  readinessStoreGraceMs: 30_000,
  storeStartTimeoutMs: 60_000,
  logBufferBytes: LOG_BUFFER_BYTES,
};

/** The store's form of the quotas: what each collection and group may hold per owner, each named for the words of a 403. */
export function storeQuotas(quotas: Quotas): StoreQuotas {
  return {
    records: {
      streams: quotas.streams,
      devices: quotas.devices,
      identitySettings: quotas.identityNamespaces,
      drafts: quotas.drafts,
      readMarkers: quotas.readMarkers,
      idempotencyKeys: quotas.idempotencyKeys,
    },
    recordsPerGroup: { readMarkers: quotas.readMarkersPerStream },
    bytes: quotas.bytes,
    names: QUOTA_NAMES,
  };
}

/** The setting behind each quota, what it counts, and how room is made (else by deleting something). */
const QUOTA_NAMES: NonNullable<StoreQuotas['names']> = {
  records: {
    streams: { variable: 'QUOTA_STREAMS', counts: 'streams created' },
    devices: { variable: 'QUOTA_DEVICES', counts: 'devices' },
    identitySettings: { variable: 'QUOTA_IDENTITY_NAMESPACES', counts: 'identity namespaces' },
    drafts: { variable: 'QUOTA_DRAFTS', counts: 'drafts last saved' },
    readMarkers: { variable: 'QUOTA_READ_MARKERS', counts: 'read markers' },
    idempotencyKeys: {
      variable: 'QUOTA_IDEMPOTENCY_KEYS',
      counts: 'idempotency keys kept',
      remedy: 'keys are forgotten once IDEMPOTENCY_KEY_TTL has passed, and a request without one is not held back',
    },
  },
  recordsPerGroup: { readMarkers: { variable: 'QUOTA_READ_MARKERS_PER_STREAM', counts: 'read markers in one stream' } },
  bytes: { variable: 'QUOTA_BYTES', counts: 'bytes stored' },
};
