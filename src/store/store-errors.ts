import type { Collection } from './collections.js';

// What a store rejects with, so the service can say why (503, 507, 403): src/store/store.ts re-exports them.

/**
 * The store cannot serve now (a full disk, an unreachable database), and the
 * operation left nothing behind. Clients may retry; the service answers 503.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The store holds as much as it is meant to (its stated size) and the change
 * would grow it; nothing of it was kept. Deletes and changes that do not grow
 * it still work. The service answers 507.
 */
export class StoreFullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreFullError';
  }
}

/** Which quota a change would pass: records of a collection, records of a group, or bytes. */
export type QuotaKind = 'records' | 'group' | 'bytes';

/** A quota as its setter names it, for the words of a refusal: its setting, what it counts, and how room is made. */
export interface QuotaName {
  variable: string;
  counts: string;
  remedy?: string;
}

/** The change would pass one of its owner's quotas; nothing of it was kept. The service answers 403. */
export class QuotaExceededError extends Error {
  constructor(
    readonly kind: QuotaKind,
    readonly collection: Collection,
    /** The quota. */
    readonly limit: number,
    /** What the owner (or the group) holds now. */
    readonly used: number,
    /** Its name, as the quotas handed to the store give it (StoreQuotas.names); undefined when they give none. */
    readonly setting?: QuotaName,
  ) {
    super(`${kind} quota of ${collection}: ${used} of ${limit} used`);
    this.name = 'QuotaExceededError';
  }
}
