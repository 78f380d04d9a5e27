import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.js';
import { IDEMPOTENCY_KEYS } from '../../store/idempotency-key-records.js';
import type { Store } from '../../store/store.js';
import { expiryGroup, type KeyRecord } from './keys.js';

const HOUR_MS = 3_600_000;
const PAGE = 500;
/** A process's first sweep looks this far back: keys of a longer outage stay (still read as expired, and counted) until taken again. */
const LOOKBACK_MS = 31 * 24 * HOUR_MS;
/** Each hour is swept once it has passed; looking this often keeps a key at most this long past its hour. */
const EVERY_MS = 5 * 60_000;

/** Thrown from a change to keep the record (a store writes nothing then). */
const KEEP = new Error('kept');

/**
 * Deletes the keys of every hour from `from` that has wholly passed by `now` (all of them expired), a page at a
 * time, each page at once (one commit on the stores that group them). Returns how many, and the hour to sweep next.
 */
export async function sweepKeys(
  store: Store,
  { from, now }: { from: number; now: number },
): Promise<{ swept: number; next: number }> {
  let swept = 0;
  let hour = Math.floor(from / HOUR_MS) * HOUR_MS;
  for (; hour + HOUR_MS <= now; hour += HOUR_MS) {
    for (let after: string | undefined; ;) {
      const page = await store.list<KeyRecord>(IDEMPOTENCY_KEYS, expiryGroup(hour), {
        limit: PAGE,
        ...(after === undefined ? {} : { after }),
      });
      const deleted = await Promise.all(
        page.map(({ key }) =>
          store
            .update<KeyRecord>(IDEMPOTENCY_KEYS, key, (stored) => {
              // Kept if taken again since it was listed (by an instance whose clock is behind, say): it is in a later group now.
              if (stored !== undefined && Date.parse(stored.expiresAt) > now) throw KEEP;
              return undefined;
            })
            .then(
              ({ previous }) => (previous === undefined ? 0 : 1),
              (error: unknown) => {
                if (error === KEEP) return 0;
                throw error;
              },
            ),
        ),
      );
      swept += deleted.reduce((sum, one) => sum + one, 0);
      if (page.length < PAGE) break;
      after = page.at(-1)?.key;
    }
  }
  return { swept, next: hour };
}

/**
 * Sweeps expired keys now and every few minutes, until stopped: each instance on a shared database sweeps too
 * (a key deleted twice is deleted once). A failed sweep is logged and tried again at the next turn.
 */
export function sweepExpiredKeys(
  store: Store,
  clock: Clock,
  logger?: Logger,
  everyMs = EVERY_MS,
): { stop(): Promise<void> } {
  let from = clock.now() - LOOKBACK_MS;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const turn = () => {
    running = sweepKeys(store, { from, now: clock.now() })
      .then(
        ({ swept, next }) => {
          from = next;
          if (swept > 0) logger?.info(`Swept ${swept} expired idempotency keys`);
        },
        (error: unknown) =>
          logger?.warn({ err: error }, `Sweeping expired idempotency keys failed; trying again in ${everyMs / 1000} s`),
      )
      .finally(() => {
        if (timer !== undefined) timer = setTimeout(turn, everyMs).unref();
      });
  };
  timer = setTimeout(turn, 0).unref();
  return {
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
