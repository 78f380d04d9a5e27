import { DatabaseError } from 'pg';

/**
 * A batch that read its owners' usage without a lock decided each quota check on what it read. Each check refuses
 * when what was read passes a threshold (used + growth > limit, used being what was read plus what the batch's
 * earlier changes added), so a passed check holds for any value at most the threshold. A refused one holds for any
 * value above it, but its refusal tells what was used, so it holds only for the value read. Per owner and dimension
 * ('' for bytes, else a collection's records), the values under which every check decides, and tells, as it did:
 * above `above` and at most `atMost` (null: no bound). add_usage_v1 checks them against the rows as they are when the
 * batch writes.
 */
export interface UsageBound {
  owner: string;
  dimension: string;
  above: number | null;
  atMost: number | null;
}

export interface UsageBounds {
  /** A check of `owner`'s `dimension` passed (or refused) on `read`, at most (or above) `threshold`. */
  decided(owner: string, dimension: string, check: { threshold: number; refused: boolean; read: number }): void;
  owners(): string[];
  list(): UsageBound[];
}

export function usageBounds(): UsageBounds {
  const bounds = new Map<string, UsageBound>();
  return {
    decided(owner, dimension, { threshold, refused, read }) {
      const key = `${owner}\u0000${dimension}`;
      const bound = bounds.get(key) ?? { owner, dimension, above: null, atMost: null };
      // A refusal holds for the value read only (usage is whole bytes and records); a pass up to the threshold.
      if (refused) bound.above = Math.max(bound.above ?? -Infinity, read - 1);
      bound.atMost = Math.min(bound.atMost ?? Infinity, refused ? read : threshold);
      bounds.set(key, bound);
    },
    owners: () => [...new Set([...bounds.values()].map((bound) => bound.owner))],
    list: () => [...bounds.values()],
  };
}

/** add_usage_v1's refusal: another instance changed an owner's usage so that one of the batch's checks would decide otherwise. */
export const USAGE_MOVED = 'quota usage moved';

/** Whether `error` is add_usage_v1's refusal (SQLSTATE 40001, serialization_failure, with USAGE_MOVED): nothing was kept. */
export function isUsageMoved(error: unknown): boolean {
  return error instanceof DatabaseError && error.code === '40001' && error.message === USAGE_MOVED;
}
