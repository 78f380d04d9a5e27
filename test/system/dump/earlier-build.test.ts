import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { HASHED_KEY, IDEMPOTENCY_KEYS } from '../../../src/store/idempotency-key-records.js';
import { keyToText } from '../../../src/store/postgres/key-text.js';
import { keyOf } from '../../../src/store/store.js';
import { AUTH_ENV, readBack, runCommand, USERS } from '../../helpers/dump.js';
import { usage } from '../../helpers/usage.js';
import {
  checkOutEarlierBuild,
  EARLIER_BUILD,
  earlierBuildMissing,
  startEarlierServer,
  writeAll,
  writeKeyed,
} from '../../helpers/earlier-build.js';
import { needs } from '../../helpers/needs.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../../helpers/postgres.js';
import { startServerProcess, stop, type ServerProcess } from '../../helpers/process.js';
import { freshDataFile } from '../../helpers/service.js';

/**
 * Rollbacks (docs/operators/deployment.md, "Upgrades and rollbacks"): the build before this one starts on what this
 * one wrote and reads it back, on lowdb and on PostgreSQL, and this one reads back what that one wrote then. Both
 * serve one schema at once as in a rolling deploy, and every owner's usage stays what the records count.
 */

describe(`rolling back to an earlier build (${EARLIER_BUILD}), and forward again`, function () {
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
    // The checkout's node_modules is a symbolic link: rm takes the link away, not what it points to.
    if (earlier) await rm(earlier, { recursive: true, force: true });
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

    it(`when ${EARLIER_BUILD} outlives the idempotency keys this build wrote (its clock two days ahead) and sweeps them, then each stays charged for its key's bytes until make recount counts every owner's usage again`, async () => {
      const { url, directUrl } = await schema();
      const server = await thisBuild(await freshDataFile(), { DATABASE_URL: url });
      await writeKeyed(server.service);
      await stop(server, 'SIGTERM');
      await writeFile(
        join(earlier, 'two-days-ahead.mjs'),
        'const now = Date.now; Date.now = () => now() + 2 * 86_400_000;\n',
      );
      const ahead = await earlierBuild(await freshDataFile(), {
        DATABASE_URL: url,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=./two-days-ahead.mjs`,
      });
      while (!ahead.output().includes(`"msg":"Swept ${USERS.length} expired idempotency keys"`)) await sleep(100);
      await stop(ahead, 'SIGTERM');

      const drifted = await usage(directUrl);
      const over = Object.entries(drifted.stored).map(
        ([owner, row]) => Number(row.bytes) - Number(drifted.counted[owner]?.bytes ?? 0),
      );
      // Each user's key as this build keeps it: the user as stored, '/', and 43 characters of SHA-256.
      expect(over).to.deep.equal(USERS.map((user) => Buffer.byteLength(keyToText(keyOf(user, 'x'.repeat(43))))));
      const recount = await runCommand('recount', [], { DATABASE_URL: url });
      expect(recount.code, recount.stderr).to.equal(0);
      expect(recount.stdout).to.contain(
        `${USERS.length} rows changed, which held ${over.reduce((sum, bytes) => sum + bytes, 0)} bytes more than their records`,
      );
      const { stored, counted } = await usage(directUrl);
      expect(stored).to.deep.equal(counted);
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
