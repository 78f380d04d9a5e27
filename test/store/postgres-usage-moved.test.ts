import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { Store, StoreQuotas } from '../../src/store/store.js';
import { freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';
import { sized } from './conformance-quotas.js';

const QUOTAS: StoreQuotas = { records: { devices: 3 }, recordsPerGroup: {}, bytes: 1000 };

/**
 * A batch reads its owners' usage without a lock and decides its quota checks on it; what another instance commits
 * before the batch writes must not make those decisions wrong, either way (batch-usage.ts, usage-bounds.ts).
 */
describe('PostgreSQL store: usage that moves between a batch reading it and writing', function () {
  let schema: Schema;
  let store: Store;
  let other: Client;
  const owner = `owner-${randomBytes(6).toString('hex')}`;
  before(async function () {
    if (await postgresUnavailable()) this.skip();
  });
  beforeEach(async () => {
    schema = await freshSchema();
    store = await openPostgresStore(schema.url, { quotas: QUOTAS });
    other = new Client({ connectionString: schema.directUrl });
    await other.connect();
  });
  afterEach(async () => {
    await other?.end();
    await store?.close();
    await schema?.drop();
  });

  /** Until a backend waits on `other` (the batch, at its usage write), or fails the test after 10 s. */
  async function batchWaiting(): Promise<void> {
    const watcher = new Client({ connectionString: schema.directUrl });
    await watcher.connect();
    try {
      const { rows } = await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const deadline = Date.now() + 10_000; // a guard that fails the test, never a wait it relies on
      for (;;) {
        const waiting = await watcher.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))',
          [rows[0]?.pid],
        );
        if (waiting.rows[0]?.n === 1) return;
        if (Date.now() > deadline) throw new Error('the batch never waited to write its usage');
        await sleep(5);
      }
    } finally {
      await watcher.end();
    }
  }

  /** What the usage row says the owner keeps, against what the records are. */
  async function usageAndRecords() {
    const usage = await other.query<{ devices: number }>(
      "SELECT (counts->>'devices')::int AS devices FROM quota_usage WHERE owner = $1",
      [owner],
    );
    const records = await other.query<{ n: number }>('SELECT count(*)::int AS n FROM records WHERE owner = $1', [
      owner,
    ]);
    return { usage: usage.rows[0]?.devices, records: records.rows[0]?.n };
  }

  /**
   * Runs `write` while another transaction holds quota_usage against writes (reads pass), and once the batch waits to
   * write its usage, runs `statements` in that transaction and commits it: as another instance committing in between.
   */
  async function between<T>(write: () => Promise<T>, statements: [string, unknown[]][]): Promise<T> {
    await other.query('BEGIN');
    await other.query('LOCK TABLE quota_usage IN EXCLUSIVE MODE');
    const written = write();
    written.catch(() => {}); // awaited below, after the other transaction commits
    await batchWaiting();
    for (const [text, values] of statements) await other.query(text, values);
    await other.query('COMMIT');
    return written;
  }

  const device = (id: string) => store.update('devices', `${owner}-${id}`, () => sized(10), { group: owner, owner });
  const usageMoves = (records: number): [string, unknown[]] => [
    `UPDATE quota_usage SET bytes = bytes + 10 * $2::int,
       counts = jsonb_set(counts, '{devices}', to_jsonb((counts->>'devices')::int + $2::int)) WHERE owner = $1`,
    [owner, records],
  ];

  it('when another instance frees a place after the batch read the owner full, then the batch takes it', async () => {
    for (const id of ['a', 'b', 'c']) await device(id);
    await between(
      () => device('new'),
      [["DELETE FROM records WHERE collection = 'devices' AND key = $1", [`${owner}-a`]], usageMoves(-1)],
    ).catch((error: unknown) => expect.fail(`refused on what it read before the place was freed: ${String(error)}`));
    expect(await usageAndRecords()).to.deep.equal({ usage: 3, records: 3 });
  });

  it('when another instance takes the last place after the batch read room for one, then the batch is refused', async () => {
    for (const id of ['a', 'b']) await device(id);
    const refusal = await between(
      () => device('new'),
      [
        [
          "INSERT INTO records (collection, key, grp, owner, value) VALUES ('devices', $1, $2, $2, $3)",
          [`${owner}-other`, owner, JSON.stringify(sized(10))],
        ],
        usageMoves(1),
      ],
    ).then(
      () => expect.fail('admitted past the quota another instance filled meanwhile'),
      (error: unknown) => error,
    );
    expect(refusal).to.include({ kind: 'records', limit: 3, used: 3 });
    expect(await usageAndRecords()).to.deep.equal({ usage: 3, records: 3 });
  });

  it('when another instance adds bytes after a batch read them, then its refusal tells what was used once they were added', async () => {
    const stream = (id: string, bytes: number) =>
      store.update('streams', `${owner}-${id}`, () => sized(bytes), { group: owner, owner });
    await stream('a', 100);
    await stream('b', 400); // 500 of 1,000 bytes
    const [passed, refused] = await between(
      () =>
        Promise.all(
          [stream('c', 200), stream('d', 400)].map((write) =>
            write.then(
              () => 'kept',
              (error: unknown) => error,
            ),
          ),
        ),
      [
        [
          "INSERT INTO records (collection, key, grp, owner, value) VALUES ('streams', $1, $2, $2, $3)",
          [`${owner}-other`, owner, JSON.stringify(sized(300))],
        ],
        ['UPDATE quota_usage SET bytes = bytes + 300 WHERE owner = $1', [owner]],
      ],
    );
    // One batch, read at 500: 'c' fits, 'd' does not. Serially after the other instance's 300: 'c' takes 800 to
    // 1,000, and 'd' is refused with 1,000 used, not the 700 the batch saw.
    expect(passed).to.equal('kept');
    expect(refused).to.include({ kind: 'bytes', limit: 1000, used: 1000 });
  });
});
