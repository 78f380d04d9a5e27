import { IDEMPOTENCY_KEYS, recordKeyOf } from '../../store/idempotency-key-records.js';
import type { Store } from '../../store/store.js';
import { ignoreUnchanged, Unchanged } from './unchanged.js';

// The Idempotency-Key protocol (draft-ietf-httpapi-idempotency-key-header) of src/edge/idempotency.ts: what a key
// holds, when it replays, conflicts or is taken over. Keys are records of their own collection, so every store keeps
// them durably and atomically per key, counts them against their user and dumps them, with no store learning more.

/** A response as it was sent, replayed exactly for a repeat of its request. */
export interface Answer {
  status: number;
  location?: string;
  body: unknown;
}

/** What is kept of one key. */
export interface KeyRecord {
  /** The operationId that took the key: a key serves one operation. */
  operation: string;
  /** A hash of the request as the operation read it: a repeat must carry the same. */
  fingerprint: string;
  /** From then on the key is forgotten, and starts a new request. */
  expiresAt: string;
  /** The id of what the operation creates, the same on every attempt: a retry after a crash finds it instead of creating another. */
  resourceId: string;
  /** The attempt that holds the key now. */
  attempt: string;
  /** Until then an attempt runs and a repeat is in flight; past it (or absent, released) a retry takes over, its process being gone. */
  leaseUntil?: string;
  /** The answer, once the operation succeeded. */
  answer?: Answer;
}

/** One request under a key. */
export interface KeyRequest {
  user: string;
  key: string;
  operation: string;
  fingerprint: string;
  /** The request's instant, ms. */
  now: number;
  ttlMs: number;
  leaseMs: number;
  newId: () => string;
}

export type Claim =
  | { outcome: 'claimed'; resourceId: string; hold: Hold }
  | { outcome: 'replay'; answer: Answer }
  | { outcome: 'in-flight' }
  | { outcome: 'reused' };

/** An attempt's hold on a key: whose, which attempt, and the group its record is filed under (its expiry's hour). */
export interface Hold {
  user: string;
  key: string;
  attempt: string;
  group: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const recordKey = ({ user, key }: Pick<KeyRequest, 'user' | 'key'>) => recordKeyOf(user, key);

/** The group of the keys that expire in the hour of `ms`: `2026-03-02T10`. */
export function expiryGroup(ms: number): string {
  return iso(ms).slice(0, 13);
}

/**
 * Claims the key for a new attempt, in one atomic update: a live key of another request is `reused`, a done one
 * replays, one whose attempt still holds its lease is `in-flight`; a key released, or whose lease passed, is taken
 * over with its resource id; a new or expired key is claimed anew, kept for ttlMs.
 */
export async function claimKey(store: Store, request: KeyRequest): Promise<Claim> {
  const { now, ttlMs, leaseMs } = request;
  const attempt = request.newId();
  const expiresAt = now + ttlMs;
  const group = expiryGroup(expiresAt);
  try {
    const { current } = await store.update<KeyRecord>(
      IDEMPOTENCY_KEYS,
      recordKey(request),
      (stored) => {
        const live = stored !== undefined && Date.parse(stored.expiresAt) > now ? stored : undefined;
        const settled = live && settledClaim(live, request);
        if (settled) throw new Unchanged(settled);
        // A taken-over key is kept ttlMs from this attempt, like a new one: its group follows its expiry.
        return {
          operation: request.operation,
          fingerprint: request.fingerprint,
          expiresAt: iso(expiresAt),
          resourceId: live?.resourceId ?? request.newId(),
          attempt,
          leaseUntil: iso(now + leaseMs),
        };
      },
      { owner: request.user, group },
    );
    return {
      outcome: 'claimed',
      resourceId: (current as KeyRecord).resourceId,
      hold: { user: request.user, key: request.key, attempt, group },
    };
  } catch (error) {
    if (error instanceof Unchanged && error.claim) return error.claim as Claim;
    throw error;
  }
}

function settledClaim(live: KeyRecord, request: KeyRequest): Claim | undefined {
  if (live.operation !== request.operation || live.fingerprint !== request.fingerprint) return { outcome: 'reused' };
  if (live.answer) return { outcome: 'replay', answer: live.answer };
  if (live.leaseUntil !== undefined && Date.parse(live.leaseUntil) > request.now) return { outcome: 'in-flight' };
  return undefined;
}

/** Keeps the answer of the held attempt, which a repeat then replays; nothing when another attempt holds the key (it answers the same). */
export function completeKey(store: Store, hold: Hold, answer: Answer): Promise<void> {
  return changeHeld(store, hold, ({ leaseUntil: _lease, ...held }) => ({ ...held, answer }));
}

/** Lets a retry take the key over at once (the attempt failed); nothing when another attempt holds it. */
export function releaseKey(store: Store, hold: Hold): Promise<void> {
  return changeHeld(store, hold, ({ leaseUntil: _lease, ...held }) => held);
}

/** Forgets the key (the attempt was refused, and made nothing): the next request under it is new; nothing when another attempt holds it. */
export function forgetKey(store: Store, hold: Hold): Promise<void> {
  return changeHeld(store, hold, () => undefined);
}

async function changeHeld(store: Store, hold: Hold, change: (held: KeyRecord) => KeyRecord | undefined): Promise<void> {
  await store
    .update<KeyRecord>(
      IDEMPOTENCY_KEYS,
      recordKey(hold),
      (stored) => {
        if (stored?.attempt !== hold.attempt || stored.answer) throw new Unchanged();
        return change(stored);
      },
      { owner: hold.user, group: hold.group },
    )
    .catch(ignoreUnchanged);
}
