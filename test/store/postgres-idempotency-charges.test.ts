import { expect } from 'chai';
import { claimKey, expiryGroup, type KeyRecord } from '../../src/edge/idempotency/keys.js';
import { IDEMPOTENCY_KEYS, recordKeyOf } from '../../src/store/idempotency-key-records.js';
import { sweepKeys } from '../../src/edge/idempotency/sweep.js';
import { postgresTarget } from '../../src/store/postgres/dump-import.js';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { keyOf, type Store } from '../../src/store/store.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';

const T = Date.parse('2026-03-01T10:20:00.000Z');
const kept: KeyRecord = {
  operation: 'createStream',
  fingerprint: 'f1',
  expiresAt: new Date(T).toISOString(),
  resourceId: 'r',
  attempt: 'a',
  answer: { status: 201, body: { id: 'r' } },
};
const valueBytes = Buffer.byteLength(JSON.stringify(kept));
const OLD_KEY = keyOf('u', '%'.repeat(255)); // as the earlier build made it: the key itself, escaped

/** Idempotency keys' charges in quota_usage, where a build before this one may have written them (a rolling deploy). */
describe('PostgreSQL store: idempotency keys charged across builds', () => {
  let schema: Schema;
  let store: Store | undefined;
  before(async function () {
    if (await postgresUnavailable()) this.skip();
  });
  beforeEach(async () => {
    schema = await freshSchema();
    store = await openPostgresStore(schema.url, { quotas: { records: {}, recordsPerGroup: {}, bytes: 1e9 } });
  });
  afterEach(async () => {
    await store?.close();
    await schema?.drop();
  });

  const usage = async () =>
    (
      await admin(
        (client) =>
          client.query<{ bytes: string; counts: Record<string, number> }>(
            `SELECT bytes::text AS bytes, counts FROM ${schema.name}.quota_usage WHERE owner = 'u'`,
          ),
        schema.directUrl,
      )
    ).rows[0];

  it("when the earlier build kept a key (the key itself, its value charged), then this build's sweep takes away exactly that charge", async () => {
    // What the earlier build's write did: the record, and its value's bytes added to its owner's row.
    await admin(async (client) => {
      await client.query(
        `INSERT INTO ${schema.name}.records (collection, key, grp, owner, value) VALUES ($1, $2, $3, 'u', $4)`,
        [IDEMPOTENCY_KEYS, OLD_KEY, expiryGroup(T), JSON.stringify(kept)],
      );
      await client.query(
        `INSERT INTO ${schema.name}.quota_usage (owner, bytes, counts) VALUES ('u', $1, '{"idempotencyKeys": 1}')`,
        [valueBytes],
      );
    }, schema.directUrl);
    expect(await sweepKeys(store!, { from: T, now: T + 3_600_000 })).to.include({ swept: 1 });
    expect(await usage()).to.deep.equal({ bytes: '0', counts: { idempotencyKeys: 0 } });
  });

  it("when a dump holds keys of both forms, then the import's recount charges each as the write path does", async () => {
    const claimed = await claimKey(store!, {
      user: 'u',
      key: '%'.repeat(255),
      operation: 'createStream',
      fingerprint: 'f1',
      now: T,
      ttlMs: 3_600_000,
      leaseMs: 60_000,
      newId: () => 'r',
    });
    expect(claimed.outcome).to.equal('claimed');
    const written = await usage();
    const claim = await store!.get(IDEMPOTENCY_KEYS, recordKeyOf('u', '%'.repeat(255)));
    expect(written?.bytes).to.equal(
      String(Buffer.byteLength(JSON.stringify(claim)) + Buffer.byteLength(recordKeyOf('u', '%'.repeat(255)))),
    );
    const target = await postgresTarget(schema.url);
    await target.write([
      { collection: IDEMPOTENCY_KEYS, key: OLD_KEY, group: expiryGroup(T), owner: 'u', value: kept },
    ]);
    await target.commit();
    expect(await usage()).to.deep.equal({
      bytes: String(Number(written?.bytes) + valueBytes),
      counts: { idempotencyKeys: 2 },
    });
  });
});
