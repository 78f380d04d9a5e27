import type { Logger } from 'pino';
import { StoreFullError } from '../../store.js';
import type { Sizes } from './sizes.js';

/** Whether the process's heap has room for growth, decided when a write would grow the store (lib/heap-watch.ts). */
export interface HeapRoom {
  hasRoom(): boolean;
}

/** Past this share of the stated size, a warning is logged (once, until it drops below again). */
const WARN_SHARE = 0.8;

/**
 * The store's stated size (STORE_MAX_BYTES): the stored bytes it takes, past which
 * a change that would grow it is refused with StoreFullError, as it is while the
 * process's heap is too full. Deletes and changes that do not grow it always pass.
 */
export class StatedSize {
  private warned = false;

  constructor(
    readonly sizes: Sizes,
    readonly maxBytes: number,
    private readonly logger: Logger | undefined,
    private readonly heap: HeapRoom = { hasRoom: () => true },
  ) {
    this.warnNearFull();
  }

  /** Throws StoreFullError when a record of `before` bytes (undefined: none) may not grow to `after`. */
  check(before: number | undefined, after: number | undefined): void {
    const growth = (after ?? 0) - (before ?? 0);
    if (growth > 0 && this.sizes.total + growth > this.maxBytes) {
      throw new StoreFullError('this change would grow it past its stated size');
    }
    if (growth > 0 && !this.heap.hasRoom()) {
      throw new StoreFullError("the process's memory is nearly full (its heap keeps room for the requests in flight)");
    }
  }

  /** Logs a warning when the store has just passed WARN_SHARE of its stated size. */
  warnNearFull(): void {
    const near = this.sizes.total > WARN_SHARE * this.maxBytes;
    if (near && !this.warned) {
      this.logger?.warn(
        { storeBytes: this.sizes.total, storeMaxBytes: this.maxBytes },
        `The store holds over ${WARN_SHARE * 100}% of its stated size (STORE_MAX_BYTES): once full, changes that would grow it get 507`,
      );
    }
    this.warned = near;
  }
}
