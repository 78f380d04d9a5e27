import type { Pool } from 'pg';
import { Batcher, type Entry } from '../../lib/batcher.js';
import type { HitCounter } from '../store.js';
import { qualified, type Connection } from './connection.js';
import { storeErrorOf } from './errors.js';
import { keyToText } from './key-text.js';

interface Hit {
  key: string;
  windowMs: number;
}
type Counted = { hits: number; resetAt: Date };

/**
 * Hits per key in fixed windows, in the `hits` table, so every instance on the
 * database shares them. Hits are counted a statement at a time (lib/batcher): those of
 * one turn of the event loop, and those that arrive while a statement is in flight, share
 * the next one (a round trip per request cost more than the write it guarded; a statement
 * per turn, a sixth of PostgreSQL's CPU per write under load). Each key's hits are
 * added at once, or start a new window when the last one has ended, on the
 * database's clock, and each hit gets its own place in the count.
 */
export function postgresHits(pool: Pool, connection: Pick<Connection, 'schema'>): HitCounter {
  const table = qualified(connection, 'hits');
  // A failed statement rejects its own hits only.
  const batcher = new Batcher<Hit, Counted>({ run: (batch) => countHits(pool, table, batch) });
  return {
    hit: (key, windowMs) => batcher.add({ key, windowMs }),
    async reset(key) {
      await pool.query(`DELETE FROM ${table} WHERE key = $1`, [keyToText(key)]).catch((error: unknown) => {
        throw storeErrorOf(error);
      });
    },
  };
}

/** One statement for the batch: each key's hits added at once (into `table`, the hits table's qualified name). */
async function countHits(pool: Pool, table: string, batch: Entry<Hit, Counted>[]): Promise<void> {
  const byKey = new Map<string, Entry<Hit, Counted>[]>();
  for (const hit of batch) {
    const hits = byKey.get(hit.key);
    if (hits) hits.push(hit);
    else byKey.set(hit.key, [hit]);
  }
  try {
    const keys = [...byKey.keys()];
    const texts = keys.map(keyToText);
    // A single statement outside a transaction: no SET LOCAL to carry, so the table is named with its schema,
    // and the pool's client-side query_timeout bounds the wait (it waits only on another hits statement's row lock).
    const { rows } = await pool.query<{ key: string; count: number; reset_at: Date }>(
      `INSERT INTO ${table} AS h (key, count, reset_at)
          SELECT k, n, clock_timestamp() + w * interval '1 millisecond' FROM unnest($1::text[], $2::int[], $3::float8[]) AS t(k, n, w)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN h.reset_at <= clock_timestamp() THEN EXCLUDED.count ELSE h.count + EXCLUDED.count END,
          reset_at = CASE WHEN h.reset_at <= clock_timestamp() THEN EXCLUDED.reset_at ELSE h.reset_at END
        RETURNING key, count, reset_at`,
      [texts, keys.map((key) => byKey.get(key)?.length ?? 0), keys.map((key) => byKey.get(key)?.[0]?.windowMs ?? 0)],
    );
    const counted = new Map(rows.map((row) => [row.key, row]));
    for (const [position, key] of keys.entries()) {
      const hits = byKey.get(key) ?? [];
      const row = counted.get(texts[position] ?? '');
      if (!row) throw new Error('a hit was not counted');
      hits.forEach((hit, index) => hit.resolve({ hits: row.count - hits.length + 1 + index, resetAt: row.reset_at }));
    }
  } catch (error) {
    throw storeErrorOf(error); // the batcher rejects each hit still waiting for its answer
  }
}
