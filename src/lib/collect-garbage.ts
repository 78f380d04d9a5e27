import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor?: 'last-resort' }) => void;

/**
 * V8's collection of last resort, at once: full collections, memory-reducing, until one frees nothing more.
 * Besides giving back what garbage took, it sets the next full collection near what is live: after a burst of
 * allocation (a store loading) V8 puts it at up to four times that, and the process grows that far before the
 * next collection. The collector's `gc` is taken as the `expose-gc` package and Jest take it, from a context
 * made while the flag is on; the flag is then put back, so no later context has `gc`. Where a Node.js does not
 * allow that, nothing is collected: false.
 */
export function collectAllGarbage(): boolean {
  const collect = collector();
  collect?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return collect !== undefined;
}

/** One full collection, at once: what is in use after it is what is live. False where the collector is not given. */
export function collectGarbage(): boolean {
  const collect = collector();
  collect?.({ type: 'major', execution: 'sync' });
  return collect !== undefined;
}

let taken: Collect | undefined | null;

function collector(): Collect | undefined {
  if (taken !== undefined) return taken ?? undefined;
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed) return (taken = exposed);
  try {
    setFlagsFromString('--expose-gc');
    let found: unknown;
    try {
      found = runInNewContext('typeof gc === "function" ? gc : undefined');
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
    taken = typeof found === 'function' ? (found as Collect) : null;
  } catch {
    taken = null;
  }
  return taken ?? undefined;
}
