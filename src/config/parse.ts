import type { LevelWithSilent } from 'pino';
import { LOG_LEVELS } from '../observability/logger.js';

// The forms a setting may take; each throws a one-line message naming the setting.

const SIZE = /^(\d+)\s*(b|kb|mb|gb)?$/i;
const SIZE_UNIT: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const DURATION = /^(\d+)\s*(ms|s|m|h|d)$/i;
const DURATION_UNIT: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `1048576`, `512kb`, `1mb` or `2gb`; `name` is the setting, for the message. */
export function parseSize(text: string, name = 'BODY_LIMIT'): number {
  const match = SIZE.exec(text.trim());
  if (!match || !match[1]) {
    throw new Error(`${name} must be a size such as 1048576, 512kb, 1mb or 2gb, not "${text}"`);
  }
  return Number(match[1]) * (SIZE_UNIT[(match[2] ?? 'b').toLowerCase()] ?? 1);
}

/** Parses `500ms`, `60s`, `15m`, `24h` or `7d` into milliseconds. */
export function parseDuration(text: string, name: string): number {
  const match = DURATION.exec(text.trim());
  if (!match || !match[1] || !match[2])
    throw new Error(`${name} must be a duration such as 500ms, 60s, 15m or 24h, not "${text}"`);
  return Number(match[1]) * (DURATION_UNIT[match[2].toLowerCase()] ?? 1);
}

/** Parses a whole number of at least `min`. */
export function parseCount(text: string, name: string, min = 1): number {
  const count = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(count) || count < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, not "${text}"`);
  }
  return count;
}

/** Seconds (`5`), or a duration (`500ms`, `1m`); unset, the default. */
export function parseSeconds(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  return /^\d+$/.test(text.trim()) ? Number(text) * 1000 : parseDuration(text, name);
}

/** One of pino's levels, by name. */
export function parseLogLevel(text: string): LevelWithSilent {
  const level = LOG_LEVELS.find((known) => known === text);
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${text}"`);
  return level;
}

/** A TCP port, 0 (any free one) to 65535. */
export function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${text}"`);
  }
  return port;
}

/** A PostgreSQL URL; undefined when unset. */
export function parseDatabaseUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!URL.canParse(text) || !['postgres:', 'postgresql:'].includes(new URL(text).protocol)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  return text;
}
