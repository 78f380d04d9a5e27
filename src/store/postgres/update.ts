import type { Pool, PoolClient } from 'pg';
import { observeCommit } from '../../observability/store-metrics.js';
import { QuotaExceededError, type Change, type Collection, type StoreQuotas } from '../store.js';
import type { Footprint } from '../usage.js';
import { commitOutcome } from './commit-outcome.js';
import { isUnavailable, storeErrorOf } from './errors.js';
import { countChange, type Run } from './quota-usage.js';
import { TIMEOUT_MS } from './timeouts.js';

/** One record's update: its id, filing and owner in keyToText's form. */
export interface Target {
  collection: Collection;
  key: string;
  group: string | null;
  owner: string | null;
}

interface Found<T> {
  value: T;
  grp: string | null;
  owner: string | null;
  bytes: number;
}

/**
 * One update, on one connection: lock the key, read, change, count against the
 * owner's quotas, write, commit.
 */
export async function updateOn<T>(
  pool: Pool,
  client: PoolClient,
  { collection, key, group, owner }: Target,
  change: (previous: T | undefined) => T | undefined,
  quotas: StoreQuotas | undefined,
): Promise<Change<T>> {
  const run: Run = async <Row extends object>(name: string, text: string, values: unknown[] = []) =>
    (await client.query<Row>({ name, text, values })).rows;
  const id = [collection, key];
  let xid: string | undefined;
  let refusing = false;
  let written: Change<T> | undefined; // once set, only COMMIT is left
  try {
    await run('collab-begin', 'BEGIN');
    // The lock covers a key that has no row yet, which FOR UPDATE cannot; txid names the transaction if COMMIT is in doubt.
    xid = (await run<{ xid: string }>('collab-lock',
      "SELECT pg_advisory_xact_lock(hashtextextended($1::text || '/' || $2::text, 0)), txid_current()::text AS xid", id))[0]?.xid;
    const [found] = await run<Found<T>>('collab-read',
      'SELECT value, grp, owner, octet_length(value::text) AS bytes FROM records WHERE collection = $1 AND key = $2 FOR UPDATE', id);
    const previous = found?.value;
    refusing = true;
    const current = change(previous);
    refusing = false;
    const value = JSON.stringify(current);
    if (quotas) {
      const after = current === undefined ? undefined : footprint(owner, group, Buffer.byteLength(value));
      await countChange(run, quotas, collection, found && footprint(found.owner, found.grp, found.bytes), after).catch((error: unknown) => {
        refusing = error instanceof QuotaExceededError;
        throw error;
      });
    }
    if (current === undefined) {
      if (previous !== undefined) await run('collab-delete', 'DELETE FROM records WHERE collection = $1 AND key = $2', id);
    } else if (previous === undefined) {
      await run('collab-insert', 'INSERT INTO records (collection, key, grp, owner, value) VALUES ($1, $2, $3, $4, $5)', [...id, group, owner, value]);
    } else {
      await run('collab-replace', 'UPDATE records SET grp = $3, owner = $4, value = $5 WHERE collection = $1 AND key = $2', [...id, group, owner, value]);
    }
    written = { previous, current };
    const committing = performance.now();
    await run('collab-commit', 'COMMIT');
    observeCommit((performance.now() - committing) / 1000, 1);
    client.release();
    return written;
  } catch (error) {
    if (refusing || !isUnavailable(error)) {
      // The change or a quota refused it (passed on unchanged), or the server refused a statement: the connection is fine.
      await client.query('ROLLBACK').then(() => client.release(), (broken: Error) => client.release(broken));
      throw error;
    }
    client.release(true); // in an unknown state: closing it rolls back whatever was not committed
    // The connection broke during COMMIT, so the change may be stored: if the database says so, it is acknowledged.
    // Otherwise 503; only when the outcome cannot be learned in time may that 503 have left the change behind.
    if (written && xid !== undefined && (await commitOutcome(pool, xid, TIMEOUT_MS)) === 'committed') return written;
    throw storeErrorOf(error);
  }
}

function footprint(owner: string | null, group: string | null, bytes: number): Footprint {
  return { ...(owner === null ? {} : { owner }), ...(group === null ? {} : { group }), bytes };
}
