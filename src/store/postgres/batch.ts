import type { Change, Collection, StoreQuotas } from '../store.js';
import { chargedBytes, type Footprint } from '../usage.js';
import { BatchUsage } from './batch-usage.js';
import { writeRecords, type Written } from './batch-write.js';
import { together, type Run } from './transaction.js';

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
 * Runs one batch in two round trips, each a pipeline of statements (see together). The first
 * begins the transaction (`begin`), locks every key, and every group with a size quota it
 * writes to, in a fixed order (the hashes ascending, as on every instance, so batches on
 * different instances never deadlock), reads the keys, and locks and reads the owners' usage
 * (a record joining a limited group takes one more, to count the group: new records only).
 * Then each change is applied in arrival order (a change that throws, or passes a quota,
 * fails alone and leaves its record as it was). The second, `commit`, writes the last state
 * of every changed key, the usage, and COMMIT. Returns the transaction id (for a COMMIT in
 * doubt), the outcomes to settle once COMMIT has returned, and commit.
 */
export async function runBatch(
  run: Run,
  begin: string,
  batch: Pending[],
  quotas: StoreQuotas | undefined,
): Promise<{ xid: string; succeeded: [Pending, Change<unknown>][]; commit(): Promise<unknown> }> {
  const ids = distinctIds(batch);
  // A limited group is locked too: its records may have other owners, whose usage rows would not hold its joiners back.
  const grouped = batch.filter(
    (pending) => pending.group !== null && quotas?.recordsPerGroup[pending.collection] !== undefined,
  );
  const begun = run(begin);
  const locked = run<{ xid: string }>(
    `SELECT txid_current()::text AS xid, (SELECT count(pg_advisory_xact_lock(h)) FROM (
       SELECT hashtextextended(c || '/' || k, 0) AS h FROM unnest($1::text[], $2::text[]) AS t(c, k)
       UNION SELECT hashtextextended(c || '/' || g, 1) FROM unnest($3::text[], $4::text[]) AS t(c, g) ORDER BY 1) AS ordered) AS locked`,
    [ids.collections, ids.keys, grouped.map((pending) => pending.collection), grouped.map((pending) => pending.group)],
  );
  const read = run<Row & { i: number }>(
    `SELECT t.i::int AS i, r.value, r.grp, r.owner, octet_length(r.value::text) AS bytes
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(c, k, i) JOIN records r ON r.collection = t.c AND r.key = t.k`,
    [ids.collections, ids.keys],
  );
  const owners = batch.map((pending) => pending.owner).filter((owner) => owner !== null);
  const counted = quotas && BatchUsage.lock(run, quotas, owners, ids);
  const [, [{ xid = '' } = {}], rows, usage] = await together(begun, locked, read, counted);
  const states = new Map<string, State>(rows.map(({ i, ...row }) => [ids.order[i - 1] ?? '', row]));
  if (quotas) await usage?.countGroups(run, joiningGroups(batch, states, quotas));
  const changed = new Map<string, Written>();
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
  const writes = [...changed.values()];
  return { xid, succeeded, commit: () => together(...writeRecords(run, writes), usage?.write(run), run('COMMIT')) };
}

/** The batch's records, each once: their collections and keys as statements take them, and their ids in that order. */
function distinctIds(batch: Pending[]): { collections: string[]; keys: string[]; order: string[] } {
  const seen = new Set<string>();
  const collections: string[] = [];
  const keys: string[] = [];
  const order: string[] = [];
  for (const { collection, key } of batch) {
    const id = idOf(collection, key);
    if (seen.has(id)) continue;
    seen.add(id);
    collections.push(collection);
    keys.push(key);
    order.push(id);
  }
  return { collections, keys, order };
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
