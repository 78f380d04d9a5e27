/**
 * The stored bytes of all records (each its shard line's UTF-8 bytes, see storedSize) and their count. Totals only:
 * the caller says what a record took before a change, from what the store holds of it.
 */
export class Sizes {
  private bytes = 0;
  private count = 0;

  /** Stored bytes of all records. */
  get total(): number {
    return this.bytes;
  }

  get records(): number {
    return this.count;
  }

  /** A record of `before` bytes (undefined: none) now takes `after` (undefined: it is gone). */
  change(before: number | undefined, after: number | undefined): void {
    if (before !== undefined) {
      this.bytes -= before;
      this.count--;
    }
    if (after !== undefined) {
      this.bytes += after;
      this.count++;
    }
  }
}
