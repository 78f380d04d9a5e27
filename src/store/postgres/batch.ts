import type { Change, StoreQuotas } from '../store.js';
import { chargedBytes, type Footprint } from '../quota-checks.js';
import { BatchUsage } from './batch-usage.js';
import { writeRecords, type Written } from './batch-write.js';
import { distinctIds, idOf, joiningGroups, type Pending, type Row, type State } from './pending.js';
import { together, type Run } from './transaction.js';
import type { UsageRow } from './usage-statements.js';

/** What read_batch_v1 answers (batch-functions.ts): the transaction's id, the records found (i: the key's place), the usage read unlocked. */
interface ReadBatch {
  xid: string;
  records: (Row & { i: number })[];
  usage: UsageRow[] | null;
}

/** A batch run: its transaction id (for a COMMIT in doubt), the outcomes to settle once COMMIT has returned, and commit. */
export interface BatchRun {
  xid: string;
  succeeded: [Pending, Change<unknown>][];
  /** The changes that threw (an HttpProblem) or passed a quota: each fails alone, its record left as it was. */
  refused: [Pending, unknown][];
  commit(): Promise<unknown>;
}

/**
 * Runs one batch in two round trips, each a pipeline of statements (see together). The first
 * begins the transaction (`begin`), locks every key, and every group with a size quota it
 * writes to, in a fixed order (the hashes ascending, as on every instance, so batches on
 * different instances never deadlock), reads the keys, and reads the owners' usage: unlocked,
 * or with `lockUsage` locked (see BatchUsage); a record joining a limited group takes one more
 * round trip, to count the group (new records only). Then each change is applied in arrival
 * order. The second, `commit`, writes the last state of every changed key, the usage, and COMMIT.
 * A change may run again in a later run of the same batch: only the last run's result is kept.
 */
export async function runBatch(
  run: Run,
  begin: string,
  batch: Pending[],
  quotas: StoreQuotas | undefined,
  lockUsage: boolean,
): Promise<BatchRun> {
  const ids = distinctIds(batch);
  // A limited group is locked too: its records may have other owners, whose usage rows would not hold its joiners back.
  const grouped = batch.filter(
    (pending) => pending.group !== null && quotas?.recordsPerGroup[pending.collection] !== undefined,
  );
  const owners = batch.map((pending) => pending.owner).filter((owner) => owner !== null);
  const begun = run(begin);
  const read = run<{ batch: ReadBatch }>(
    'SELECT read_batch_v1($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS batch',
    [
      ids.collections,
      ids.keys,
      grouped.map((pending) => pending.collection),
      grouped.map((pending) => pending.group),
      quotas && !lockUsage ? [...new Set(owners)] : null,
    ],
  );
  const locked = quotas && lockUsage ? BatchUsage.lock(run, quotas, owners, ids) : undefined;
  const [, [answer], lockedUsage] = await together(begun, read, locked);
  const { xid, records: rows, usage: unlocked } = answer?.batch ?? { xid: '', records: [], usage: null };
  const usage = quotas && (lockedUsage ?? BatchUsage.unlocked(quotas, unlocked ?? []));
  const states = new Map<string, State>(rows.map(({ i, ...row }) => [ids.order[i - 1] ?? '', row]));
  if (quotas) await usage?.countGroups(run, joiningGroups(batch, states, quotas));
  const changed = new Map<string, Written>();
  const succeeded: [Pending, Change<unknown>][] = [];
  const refused: [Pending, unknown][] = [];
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
      refused.push([pending, error]); // the change refused it (an HttpProblem) or a quota did: it fails alone
    }
  }
  const writes = [...changed.values()];
  return {
    xid,
    succeeded,
    refused,
    commit: () => together(writeRecords(run, writes), usage?.write(run), run('COMMIT')),
  };
}

function footprint({ collection, key }: Pending, state: State): Footprint | undefined {
  if (state === undefined) return undefined;
  return {
    ...(state.owner === null ? {} : { owner: state.owner }),
    ...(state.grp === null ? {} : { group: state.grp }),
    bytes: chargedBytes(collection, key, state.bytes),
  };
}
