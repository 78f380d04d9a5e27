import { hash } from 'node:crypto';
import { keyOf } from './store.js';

// Where idempotency keys are kept, what a store must know of them: the protocol that claims them is the edge's
// (src/edge/idempotency/); this is apart so the stores' accounting (usage.ts, PostgreSQL's recount) can tell which of
// their records' keys it charges.

/** The collection: one record per (user, key), filed under the hour it expires in (so sweeps list only expired ones), owned by its user. */
export const IDEMPOTENCY_KEYS = 'idempotencyKeys' as const;

/**
 * The record's key: the user and the key's SHA-256 (base64url, 43 characters), so a key takes as much whatever its
 * characters (255 `%` would take 765 as keyOf escapes them). The same on every instance; the user keeps keys apart.
 */
export function recordKeyOf(user: string, key: string): string {
  return keyOf(user, hash('sha256', key, 'base64url'));
}

/**
 * A record key as recordKeyOf makes it (one `/`, then 43 base64url characters), also as PostgreSQL's `~` reads it.
 * The builds before it kept `user/the key itself`, charging the value alone: those keys are taken away as they were
 * charged, and are gone once their time to live has passed.
 */
export const HASHED_KEY = '/[A-Za-z0-9_-]{43}$';
