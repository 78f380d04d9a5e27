/**
 * Group commit: changes that arrive while a write is in flight share the next
 * write. `commit()` resolves once a write that started after the call has
 * finished, i.e. once the caller's change is durably stored.
 */
export class GroupCommit {
  private next: { promise: Promise<void>; resolve(): void; reject(error: unknown): void } | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly write: () => Promise<void>) {}

  commit(): Promise<void> {
    if (!this.next) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((yes, no) => { resolve = yes; reject = no; });
      this.next = { promise, resolve, reject };
    }
    // Start on the next turn, so the changes of everything already received join in.
    this.running ??= new Promise<void>((started) => setImmediate(started)).then(() => this.drain());
    return this.next.promise;
  }

  /** Resolves when nothing is waiting to be written. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (let batch = this.next; batch; batch = this.next) {
      this.next = undefined;
      try {
        await this.write();
        batch.resolve();
      } catch (error) {
        batch.reject(error);
      }
    }
    this.running = undefined;
  }
}
