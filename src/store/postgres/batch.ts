import type { Change, Collection, StoreQuotas } from '../store.js';
import { chargedBytes, type Footprint } from '../usage.js';
import { BatchUsage } from './batch-usage.js';
import type { Run } from './transaction.js';

/** One update waiting for its batch: its record (key, group and owner in keyToText's form), its change, its caller. */
export interface Pending {
  collection: Collection;
  key: string;
  group: string | null;
  owner: string | null;
  change: (previous: unknown) => unknown;
  resolve(change: Change<unknown>): void;
  reject(error: unknown): void;
}

interface Row {
  value: unknown;
  grp: string | null;
  owner: string | null;
  bytes: number;
  /** The value as JSON, once a change of the batch made it. */
  text?: string;
}

/** A record as the batch has it: read, or as an earlier change of the batch left it; undefined when there is none. */
type State = Row | undefined;

const idOf = (collection: string, key: string) => `${collection}\u0000${key}`;

/**
 * Runs one batch inside its transaction (BEGIN has run): locks every key, and
 * every group with a size quota it writes to, in a fixed order (the hashes
 * ascending, as on every instance, so batches on different instances never
 * deadlock), reads the keys in one statement, applies each change in arrival
 * order (a change that throws, or passes a quota, fails alone and leaves its
 * record as it was), writes the last state of every changed key in one
 * statement, and counts quotas. Returns the transaction id (for a COMMIT in
 * doubt) and the outcomes to settle once COMMIT has returned.
 */
export async function runBatch(
  run: Run,
  batch: Pending[],
  quotas: StoreQuotas | undefined,
): Promise<{ xid: string; succeeded: [Pending, Change<unknown>][] }> {
  const collections = batch.map((pending) => pending.collection);
  const keys = batch.map((pending) => pending.key);
  // A limited group is locked too: its records may have other owners, whose usage rows would not hold its joiners back.
  const grouped = batch.filter(
    (pending) => pending.group !== null && quotas?.recordsPerGroup[pending.collection] !== undefined,
  );
  const [{ xid = '' } = {}] = await run<{ xid: string }>(
    `SELECT txid_current()::text AS xid, (SELECT count(pg_advisory_xact_lock(h)) FROM (
       SELECT hashtextextended(c || '/' || k, 0) AS h FROM unnest($1::text[], $2::text[]) AS t(c, k)
       UNION SELECT hashtextextended(c || '/' || g, 1) FROM unnest($3::text[], $4::text[]) AS t(c, g) ORDER BY 1) AS ordered) AS locked`,
    [collections, keys, grouped.map((pending) => pending.collection), grouped.map((pending) => pending.group)],
  );
  const rows = await run<Row & { collection: string; key: string }>(
    `SELECT r.collection, r.key, r.value, r.grp, r.owner, octet_length(r.value::text) AS bytes FROM records r
     JOIN (SELECT DISTINCT c, k FROM unnest($1::text[], $2::text[]) AS t(c, k)) AS ids ON r.collection = ids.c AND r.key = ids.k`,
    [collections, keys],
  );
  const states = new Map<string, State>(rows.map((row) => [idOf(row.collection, row.key), row]));
  const usage =
    quotas &&
    (await BatchUsage.lock(
      run,
      quotas,
      [...batch.map((pending) => pending.owner), ...rows.map((row) => row.owner)].filter((owner) => owner !== null),
      joiningGroups(batch, states, quotas),
    ));
  const changed = new Map<string, { collection: Collection; key: string; state: State }>();
  const succeeded: [Pending, Change<unknown>][] = [];
  for (const pending of batch) {
    const id = idOf(pending.collection, pending.key);
    const before = states.get(id);
    try {
      const current = pending.change(before?.value);
      const text = current === undefined ? undefined : JSON.stringify(current);
      const after: State =
        text === undefined
          ? undefined
          : { value: current, grp: pending.group, owner: pending.owner, bytes: Buffer.byteLength(text), text };
      usage?.change(pending.collection, footprint(pending, before), footprint(pending, after));
      if (before !== undefined || after !== undefined)
        changed.set(id, { collection: pending.collection, key: pending.key, state: after });
      states.set(id, after);
      succeeded.push([pending, { previous: before?.value, current }]);
    } catch (error) {
      pending.reject(error); // the change refused it (an HttpProblem) or a quota did: it fails alone
    }
  }
  await write(run, [...changed.values()]);
  await usage?.write(run);
  return { xid, succeeded };
}

/** Writes the last state of each changed record: upserts in one statement, deletes in another. */
async function write(run: Run, changed: { collection: Collection; key: string; state: State }[]): Promise<void> {
  const kept = changed.filter((record) => record.state !== undefined);
  const gone = changed.filter((record) => record.state === undefined);
  if (kept.length > 0) {
    await run(
      `INSERT INTO records (collection, key, grp, owner, value) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::json[])
       ON CONFLICT (collection, key) DO UPDATE SET grp = EXCLUDED.grp, owner = EXCLUDED.owner, value = EXCLUDED.value`,
      [
        kept.map((record) => record.collection),
        kept.map((record) => record.key),
        kept.map((record) => record.state?.grp ?? null),
        kept.map((record) => record.state?.owner ?? null),
        kept.map((record) => record.state?.text),
      ],
    );
  }
  if (gone.length > 0) {
    await run('DELETE FROM records WHERE (collection, key) IN (SELECT * FROM unnest($1::text[], $2::text[]))', [
      gone.map((record) => record.collection),
      gone.map((record) => record.key),
    ]);
  }
}

/**
 * The limited groups the batch's records may join, whose sizes the quotas need: a record's group when it is not
 * already in it, and for a key written twice in the batch (an earlier change may take it out of its group).
 */
function joiningGroups(batch: Pending[], states: Map<string, State>, quotas: StoreQuotas): [Collection, string][] {
  const counts = new Map<string, number>();
  for (const pending of batch) {
    const id = idOf(pending.collection, pending.key);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return batch
    .filter((pending) => {
      const id = idOf(pending.collection, pending.key);
      return (
        pending.group !== null &&
        quotas.recordsPerGroup[pending.collection] !== undefined &&
        (states.get(id)?.grp !== pending.group || (counts.get(id) ?? 0) > 1)
      );
    })
    .map((pending): [Collection, string] => [pending.collection, pending.group as string]);
}

function footprint({ collection, key }: Pending, state: State): Footprint | undefined {
  if (state === undefined) return undefined;
  return {
    ...(state.owner === null ? {} : { owner: state.owner }),
    ...(state.grp === null ? {} : { group: state.grp }),
    bytes: chargedBytes(collection, key, state.bytes),
  };
}
