import { LOG_WRITE_BYTES } from '../observability/logger.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { parseCount, parseDuration, parseSize } from './parse.js';

/** Reads each limit's variable, or takes its default when it is unset (loadConfig refuses one set but empty). */
export function loadLimits(env: NodeJS.ProcessEnv): Limits {
  const setting =
    <T>(parse: (text: string, name: string) => T) =>
    (name: string, fallback: T) => {
      const text = env[name];
      return text === undefined ? fallback : parse(text, name);
    };
  const [count, size, duration] = [setting(parseCount), setting(parseSize), setting(parseDuration)];
  const { quotas } = DEFAULT_LIMITS;
  return {
    inFlight: count('MAX_IN_FLIGHT', DEFAULT_LIMITS.inFlight),
    inFlightBytes: size('MAX_IN_FLIGHT_BYTES', DEFAULT_LIMITS.inFlightBytes),
    inFlightPerUser: count('MAX_IN_FLIGHT_PER_USER', DEFAULT_LIMITS.inFlightPerUser),
    inFlightBytesPerUser: size('MAX_IN_FLIGHT_BYTES_PER_USER', DEFAULT_LIMITS.inFlightBytesPerUser),
    writesPerWindow: count('RATE_LIMIT_WRITES', DEFAULT_LIMITS.writesPerWindow),
    rateWindowMs: duration('RATE_LIMIT_WINDOW', DEFAULT_LIMITS.rateWindowMs),
    pageBytes: size('PAGE_MAX_BYTES', DEFAULT_LIMITS.pageBytes),
    tokenLifetimeMs: duration('AUTH_MAX_TOKEN_LIFETIME', DEFAULT_LIMITS.tokenLifetimeMs),
    idempotencyKeyTtlMs: duration('IDEMPOTENCY_KEY_TTL', DEFAULT_LIMITS.idempotencyKeyTtlMs),
    idempotencyKeyLeaseMs: duration('IDEMPOTENCY_KEY_LEASE', DEFAULT_LIMITS.idempotencyKeyLeaseMs),
    quotas: {
      streams: count('QUOTA_STREAMS', quotas.streams),
      devices: count('QUOTA_DEVICES', quotas.devices),
      identityNamespaces: count('QUOTA_IDENTITY_NAMESPACES', quotas.identityNamespaces),
      drafts: count('QUOTA_DRAFTS', quotas.drafts),
      readMarkers: count('QUOTA_READ_MARKERS', quotas.readMarkers),
      readMarkersPerStream: count('QUOTA_READ_MARKERS_PER_STREAM', quotas.readMarkersPerStream),
      idempotencyKeys: count('QUOTA_IDEMPOTENCY_KEYS', quotas.idempotencyKeys),
      bytes: size('QUOTA_BYTES', quotas.bytes),
    },
    storeMaxBytes: size('STORE_MAX_BYTES', DEFAULT_LIMITS.storeMaxBytes),
    journalMaxBytes: size('JOURNAL_MAX_BYTES', DEFAULT_LIMITS.journalMaxBytes),
    controlSocketIdleMs: duration('CONTROL_SOCKET_IDLE_TIMEOUT', DEFAULT_LIMITS.controlSocketIdleMs) || noBound(),
    controlSocketConnections: count('CONTROL_SOCKET_MAX_CONNECTIONS', DEFAULT_LIMITS.controlSocketConnections),
    readinessStoreGraceMs: duration('READINESS_STORE_GRACE', DEFAULT_LIMITS.readinessStoreGraceMs),
    storeStartTimeoutMs: duration('STORE_START_TIMEOUT', DEFAULT_LIMITS.storeStartTimeoutMs),
    logBufferBytes: atLeastOneWrite(size('LOG_BUFFER_MAX_BYTES', DEFAULT_LIMITS.logBufferBytes)),
  };
}

/** A socket timeout of 0 turns the clock off: the bound would be gone, not made small. */
function noBound(): never {
  throw new Error('CONTROL_SOCKET_IDLE_TIMEOUT must be more than 0, such as 10s');
}

/** Less than one write's worth of lines would drop lines while stdout takes them. */
function atLeastOneWrite(bytes: number): number {
  if (bytes < LOG_WRITE_BYTES) throw new Error(`LOG_BUFFER_MAX_BYTES must be at least ${LOG_WRITE_BYTES / 1024}kb`);
  return bytes;
}
