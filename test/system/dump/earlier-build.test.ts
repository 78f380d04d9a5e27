import { expect } from 'chai';
import type { Client } from 'pg';
import { HASHED_KEY, IDEMPOTENCY_KEYS } from '../../../src/store/idempotency-key-records.js';
import { recountQuotaUsage } from '../../../src/store/postgres/dump-import.js';
import { call } from '../../helpers/client.js';
import { AUTH_ENV, bearer, readBack, USERS, writeDataset, type Read } from '../../helpers/dump.js';
import {
  checkOutEarlierBuild,
  EARLIER_BUILD,
  earlierBuildMissing,
  startEarlierServer,
} from '../../helpers/earlier-build.js';
import { uuid } from '../../helpers/factories.js';
import { needs } from '../../helpers/needs.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../../helpers/postgres.js';
import { startServerProcess, stop, type ServerProcess } from '../../helpers/process.js';
import type { Service } from '../../helpers/service.js';
import { freshDataFile } from '../../helpers/service.js';

/**
 * Rollbacks (docs/operators/deployment.md, "Upgrades and rollbacks"): the build before this one starts on what this
 * one wrote and reads it back, on lowdb and on PostgreSQL, and this one reads back what that one wrote then. Both
 * serve one schema at once as in a rolling deploy, and every owner's usage stays what the records count.
 */

/** Creates a stream as each user under an Idempotency-Key, and repeats it: the first answer again. Resolves to its reads. */
async function writeKeyed(service: Service): Promise<Read[]> {
  const reads: Read[] = [];
  for (const user of USERS) {
    const key = `${uuid()} %/ *`; // characters keyOf escapes: the earlier build kept the key itself
    const create = async () =>
      call(service, 'POST', '/api/streams', {
        body: { title: `Keyed by ${user}`, memberUserIds: USERS },
        headers: { ...(await bearer(user)), 'idempotency-key': key },
      });
    const first = await create();
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    expect((await create()).body, 'a repeat under the key').to.deep.equal(first.body);
    reads.push({ user, path: `/api/streams/${first.body.id}` });
  }
  return reads;
}

/** Everything this build and the earlier one write in these tests: the dataset, and keyed creates. */
async function writeAll(service: Service): Promise<Read[]> {
  return [...(await writeDataset(service)), ...(await writeKeyed(service))];
}

/** Each owner's quota_usage row as stored, and as counted again from the records (rolled back): they must agree. */
async function usage(url: string): Promise<{ stored: Rows; counted: Rows }> {
  return admin(async (client) => {
    await client.query('BEGIN');
    try {
      const stored = await usageRows(client);
      await recountQuotaUsage(client);
      return { stored, counted: await usageRows(client) };
    } finally {
      await client.query('ROLLBACK');
    }
  }, url);
}

type Rows = Record<string, { bytes: string; counts: Record<string, number> }>;

async function usageRows(client: Client): Promise<Rows> {
  const { rows } = await client.query<{ owner: string; bytes: string; counts: Record<string, number> }>(
    'SELECT owner, bytes::text AS bytes, counts FROM quota_usage ORDER BY owner',
  );
  // An owner who keeps nothing has a row of zeros, or none: the same.
  const held = rows
    .map((row) => ({ ...row, counts: Object.fromEntries(Object.entries(row.counts).filter(([, n]) => n !== 0)) }))
    .filter((row) => row.bytes !== '0' || Object.keys(row.counts).length > 0);
  return Object.fromEntries(held.map(({ owner, bytes, counts }) => [owner, { bytes, counts }]));
}

describe(`rolling back to the build before issue 42 (${EARLIER_BUILD}), and forward again`, function () {
  this.timeout(900_000);
  let earlier: string;
  const running: ServerProcess[] = [];
  const schemas: Schema[] = [];
  const thisBuild = async (dataFile: string, env: Record<string, string> = {}) => {
    const server = await startServerProcess(dataFile, { ...AUTH_ENV, ...env });
    running.push(server);
    return server;
  };
  const earlierBuild = async (dataFile: string, env: Record<string, string> = {}) => {
    const server = await startEarlierServer(earlier, dataFile, { ...AUTH_ENV, ...env });
    running.push(server);
    return server;
  };

  before(async function () {
    needs(this, earlierBuildMissing());
    earlier = await checkOutEarlierBuild();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => stop(server, 'SIGKILL')));
  });
  after(async () => {
    for (const schema of schemas) await schema.drop();
  });

  it(`when this build wrote lowdb files (checkpointed, then more left in the journal by a kill), then ${EARLIER_BUILD} starts on them and reads every record back, and this build then reads back what ${EARLIER_BUILD} wrote`, async () => {
    const dataFile = await freshDataFile();
    let server = await thisBuild(dataFile);
    const reads = await writeAll(server.service);
    await stop(server, 'SIGTERM');
    server = await thisBuild(dataFile);
    reads.push(...(await writeKeyed(server.service)));
    const written = await readBack(server.service, reads);
    await stop(server, 'SIGKILL');

    server = await earlierBuild(dataFile);
    expect(await readBack(server.service, reads)).to.deep.equal(written);
    reads.push(...(await writeAll(server.service)));
    const rewritten = await readBack(server.service, reads);
    await stop(server, 'SIGTERM');

    server = await thisBuild(dataFile);
    expect(await readBack(server.service, reads)).to.deep.equal(rewritten);
  });

  describe('on PostgreSQL', () => {
    before(async function () {
      if (await postgresUnavailable()) this.skip();
    });
    const schema = async () => {
      const made = await freshSchema();
      schemas.push(made);
      return made;
    };

    it(`when this build wrote, then ${EARLIER_BUILD} starts on the schema and reads every record back; what it writes is owned and counted, and this build reads it back`, async () => {
      const { url, directUrl } = await schema();
      let server = await thisBuild(await freshDataFile(), { DATABASE_URL: url });
      const reads = await writeAll(server.service);
      const written = await readBack(server.service, reads);
      await stop(server, 'SIGTERM');
      const hashed = await admin(
        (client) =>
          client.query('SELECT count(*)::int AS n FROM records WHERE collection = $1 AND key ~ $2', [
            IDEMPOTENCY_KEYS,
            HASHED_KEY,
          ]),
        directUrl,
      );
      expect(hashed.rows[0].n, 'idempotency keys kept as SHA-256').to.equal(USERS.length);

      server = await earlierBuild(await freshDataFile(), { DATABASE_URL: url });
      expect(await readBack(server.service, reads)).to.deep.equal(written);
      reads.push(...(await writeAll(server.service)));
      const rewritten = await readBack(server.service, reads);
      await stop(server, 'SIGTERM');
      const { stored, counted } = await usage(directUrl);
      expect(Object.keys(stored)).to.have.length(USERS.length);
      expect(stored).to.deep.equal(counted);

      server = await thisBuild(await freshDataFile(), { DATABASE_URL: url });
      expect(await readBack(server.service, reads)).to.deep.equal(rewritten);
    });

    it(`when ${EARLIER_BUILD} and this build serve one schema at once (a rolling deploy), then each reads what the other wrote, and every owner's usage is what the records count`, async () => {
      const { url, directUrl } = await schema();
      const old = await earlierBuild(await freshDataFile(), { DATABASE_URL: url }); // it makes the schema
      const next = await thisBuild(await freshDataFile(), { DATABASE_URL: url });
      const reads = (await Promise.all([writeAll(old.service), writeAll(next.service)])).flat();
      const seen = await readBack(next.service, reads);
      expect(seen.filter((line) => / 200 /.test(line))).to.have.length(seen.length);
      expect(await readBack(old.service, reads)).to.deep.equal(seen);
      const { stored, counted } = await usage(directUrl);
      expect(Object.keys(stored)).to.have.length(USERS.length);
      expect(stored).to.deep.equal(counted);
    });
  });
});
