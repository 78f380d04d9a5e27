import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { Change, Store, StoreQuotas } from '../../src/store/store.js';
import { freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';
import { together } from './conformance-quotas-at-once.js';
import { sized } from './conformance-quotas.js';

const QUOTAS: StoreQuotas = { records: { devices: 5 }, recordsPerGroup: { readMarkers: 5 }, bytes: 100 };
const PER_INSTANCE = 25;

/** The backends waiting, directly or through another waiting one, on `pid`. */
const WAITING_ON = `WITH RECURSIVE waiting(pid) AS (
    SELECT pid FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))
    UNION SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY(pg_blocking_pids(a.pid)))
  SELECT count(*)::int AS count FROM waiting`;

describe('PostgreSQL store: quotas across instances', function () {
  let schema: Schema;
  let stores: Store[] = [];
  before(async function () {
    if (await postgresUnavailable()) this.skip();
  });
  beforeEach(async () => {
    schema = await freshSchema();
    stores = [
      await openPostgresStore(schema.url, { quotas: QUOTAS }),
      await openPostgresStore(schema.url, { quotas: QUOTAS }),
    ];
  });
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await schema?.drop();
  });

  /**
   * Starts PER_INSTANCE writes on each instance at once (one batch each) while `records` is locked against writes,
   * and lets go only once both batches wait, on the lock or on each other: so neither commits before both have begun.
   */
  async function racing(write: (store: Store, index: number) => Promise<Change<unknown>>) {
    // Two connections: inside the holder's transaction pg_stat_activity would stay as it was when first read.
    const [holder, watcher] = [
      new Client({ connectionString: schema.directUrl }),
      new Client({ connectionString: schema.directUrl }),
    ];
    await Promise.all([holder.connect(), watcher.connect()]);
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE records IN SHARE MODE');
      const {
        rows: [{ pid } = { pid: 0 }],
      } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const settled = together(
        stores.flatMap((store, instance) =>
          Array.from({ length: PER_INSTANCE }, (_, index) => write(store, instance * PER_INSTANCE + index)),
        ),
      );
      const deadline = Date.now() + 10_000; // a guard that fails the test, never a wait it relies on
      while ((await watcher.query<{ count: number }>(WAITING_ON, [pid])).rows[0]?.count !== stores.length) {
        if (Date.now() > deadline) throw new Error('the two batches never both waited');
        await sleep(5);
      }
      await holder.query('COMMIT');
      return await settled;
    } finally {
      await Promise.all([holder.end(), watcher.end()]);
    }
  }

  it('when two instances add records of different owners to one group at once, then the group takes exactly its quota', async () => {
    const group = `stream-${randomBytes(6).toString('hex')}`; // advisory locks span the database: apart from other runs
    const { admitted, refused } = await racing((store, index) =>
      store.update('readMarkers', `${group}-${index}`, () => sized(10), { group, owner: `o${index}` }),
    );
    expect(admitted).to.equal(5);
    for (const refusal of refused) expect(refusal).to.include({ kind: 'group', limit: 5, used: 5 });
    expect(await stores[1]!.list('readMarkers', group, { limit: 100 })).to.have.length(5);
  });

  it('when two instances add records of one owner at once, then the owner keeps exactly its quotas of records and of bytes', async () => {
    const owner = `owner-${randomBytes(6).toString('hex')}`;
    const devices = await racing((store, index) =>
      store.update('devices', `${owner}-${index}`, () => sized(10), { group: owner, owner }),
    );
    expect(devices.admitted).to.equal(5);
    for (const refusal of devices.refused) expect(refusal).to.include({ kind: 'records', limit: 5, used: 5 });
    const streams = await racing((store, index) =>
      store.update('streams', `${owner}-${index}`, () => sized(10), { group: owner, owner }),
    );
    expect(streams.admitted).to.equal(5); // 5 devices and 5 streams of 10 bytes: 100
    for (const refusal of streams.refused) expect(refusal).to.include({ kind: 'bytes', limit: 100, used: 100 });
    expect(await stores[0]!.list('streams', owner, { limit: 100 })).to.have.length(5);
  });
});
