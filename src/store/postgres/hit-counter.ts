import type { Pool } from 'pg';
import type { HitCounter } from '../store.js';
import { storeErrorOf } from './errors.js';
import { keyToText } from './key-text.js';

/**
 * Hits per key in fixed windows, in the `hits` table, so every instance on the
 * database shares them: one statement counts the hit, or starts a new window
 * when the last one has ended, on the database's clock.
 */
export function postgresHits(pool: Pool): HitCounter {
  return {
    async hit(key, windowMs) {
      const { rows } = await pool.query<{ count: number; reset_at: Date }>({
        name: 'collab-hit',
        text: `INSERT INTO hits AS h (key, count, reset_at) VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN h.reset_at <= clock_timestamp() THEN 1 ELSE h.count + 1 END,
            reset_at = CASE WHEN h.reset_at <= clock_timestamp() THEN clock_timestamp() + $2 * interval '1 millisecond' ELSE h.reset_at END
          RETURNING count, reset_at`,
        values: [keyToText(key), windowMs],
      }).catch((error: unknown) => { throw storeErrorOf(error); });
      const [row] = rows;
      if (!row) throw new Error('the hit was not counted');
      return { hits: row.count, resetAt: row.reset_at };
    },
    async reset(key) {
      await pool.query('DELETE FROM hits WHERE key = $1', [keyToText(key)]).catch((error: unknown) => { throw storeErrorOf(error); });
    },
  };
}
