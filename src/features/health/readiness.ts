import { HttpProblem } from '../../errors/problem.js';
import type { Store } from '../../store/store.js';

/** How long the store gets to answer a readiness probe. */
export const READY_TIMEOUT_MS = 1_000;

/** Resolves while the store can serve; else a 503 problem whose cause (for the log) says why. */
export async function checkReady(store: Store, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the store did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([store.ping(), late]);
  } catch (error) {
    throw new HttpProblem('unavailable', 'Not ready: the store is closed or unreachable. Send no traffic here now.', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
