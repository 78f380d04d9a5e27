import { setTimeout as sleep } from 'node:timers/promises';

/** Network failures of a host or port not there yet: a name not registered, nothing listening, no route. */
const NOT_THERE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Whether a failure at start-up means PostgreSQL, or the PgBouncer before it, is not up yet: worth waiting for, as
 * a container started before its database is (compose on podman ignores start order). SQLSTATE class 08 is a
 * connection exception (PgBouncer's "server login has been failing" among them), 57P03 "the database system is
 * starting up". A refused password, a missing database or an untrusted certificate is the operator's to fix: at once.
 */
export function notUpYet(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (NOT_THERE.has(code) || code.startsWith('08') || code === '57P03')) return true;
  return error instanceof Error && /^Connection terminated|timeout expired/.test(error.message);
}

/**
 * `attempt` until it succeeds, fails for a reason not worth waiting for, or `timeoutMs` has passed since the first
 * try: 250 ms after the first failure, doubling to 5 s between tries, each wait told to `onWait` first.
 */
export async function untilUp<T>(
  attempt: () => Promise<T>,
  timeoutMs: number,
  onWait: (error: unknown, waitMs: number) => void,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 250; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      return await attempt();
    } catch (error) {
      const wait = Math.min(delay, deadline - Date.now());
      if (wait <= 0 || !notUpYet(error)) throw error;
      onWait(error, wait);
      await sleep(wait);
    }
  }
}
