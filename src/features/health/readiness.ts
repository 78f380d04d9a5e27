import { HttpProblem } from '../../errors/problem.js';
import type { Stopping } from '../../edge/shutdown.js';
import type { Store } from '../../store/store.js';

const RUNNING: Stopping = { stopping: false };

/** How long the store gets to answer a readiness probe. */
export const READY_TIMEOUT_MS = 1_000;

/** Resolves while the process takes work and the store can serve; else a 503 problem saying which (the cause, for the log, why). */
export async function checkReady(
  store: Store,
  stopping: Stopping = RUNNING,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  if (stopping.stopping)
    throw new HttpProblem('stopping', 'Not ready: this process is shutting down. Send no new traffic here.');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the store did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([store.ping(), late]);
  } catch (error) {
    throw new HttpProblem('unavailable', 'Not ready: the store is closed or unreachable. Send no traffic here now.', {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}
