/** Thrown from a change to leave the record as it is (a store writes nothing then), with what it decided, if anything. */
export class Unchanged<Decided = unknown> extends Error {
  constructor(readonly claim?: Decided) {
    super('unchanged');
  }
}

/** A change's failure as a store reports it: false for Unchanged (nothing written), anything else thrown on. */
export function ignoreUnchanged(error: unknown): false {
  if (error instanceof Unchanged) return false;
  throw error;
}
