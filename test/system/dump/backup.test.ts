import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { AUTH_ENV, bearer, readBack, runCommand, writeDataset, type Read } from '../../helpers/dump.js';
import { Load, type Acked, type Seen } from '../../helpers/load.js';
import { admin, freshSchema, postgresUnavailable, TEST_DATABASE_URL } from '../../helpers/postgres.js';
import { startServerProcess, stop, type ServerProcess } from '../../helpers/process.js';
import { freshDataFile } from '../../helpers/service.js';

/** What the load's writers left in a store, read through the service. */
async function seenThrough(server: ServerProcess, writers: number): Promise<Seen> {
  const headers = await bearer('loader');
  const seen: Seen = { sequences: new Map(), streams: new Map() };
  for (let writer = 0; writer < writers; writer++) {
    const reply = await fetch(`${server.service.url}/api/identity/settings/load-${writer}`, { headers });
    if (reply.status === 200)
      seen.sequences.set(writer, ((await reply.json()) as { settings: { sequence: number } }).settings.sequence);
  }
  return seen;
}

/** The streams a load acknowledged that the restored store does not hold. */
async function missingStreams(server: ServerProcess, ids: string[]): Promise<string[]> {
  const headers = await bearer('loader');
  const missing: string[] = [];
  for (const id of ids)
    if ((await fetch(`${server.service.url}/api/streams/${id}`, { headers })).status !== 200) missing.push(id);
  return missing;
}

/** A fresh data file restored from a lowdb backup by copying its files back. */
async function restoreFrom(backup: string): Promise<string> {
  const restored = await freshDataFile();
  await cp(join(backup, 'db.json'), restored);
  await cp(join(backup, 'db.json.d'), `${restored}.d`, { recursive: true });
  return restored;
}

describe('make backup, and a restore from it (a restore from make export is an import: test/system/dump/round-trip.test.ts)', function () {
  this.timeout(180_000);
  const WRITERS = 6;

  it('when a lowdb store is backed up while a load writes, then its files copied back serve everything acknowledged before, as one moment', async () => {
    const dataFile = await freshDataFile();
    let server = await startServerProcess(dataFile, { ...AUTH_ENV, JOURNAL_CHECKPOINT_BYTES: '64kb' });
    const backup = join(dataFile, '..', 'backup');
    let reads: Read[];
    let expected: string[];
    let before: Acked[];
    try {
      reads = await writeDataset(server.service);
      expected = await readBack(server.service, reads);
      const load = new Load(server.service, WRITERS, await bearer('loader'));
      while (load.writes < 100) await new Promise((resolve) => setTimeout(resolve, 10));
      before = load.now();
      const backedUp = await runCommand('backup', [backup], { DATA_FILE: dataFile });
      await load.stop();
      expect(backedUp.code, backedUp.stderr).to.equal(0);
      expect(backedUp.stdout).to.include('from the live service that owns it');
    } finally {
      await stop(server, 'SIGTERM');
    }
    expect(await readdir(backup)).to.deep.equal(['db.json', 'db.json.d']);
    const restored = await restoreFrom(backup);
    server = await startServerProcess(restored, AUTH_ENV);
    try {
      expect(await readBack(server.service, reads)).to.deep.equal(expected);
      const seen = await seenThrough(server, WRITERS);
      for (const [writer, acked] of before.entries())
        expect(seen.sequences.get(writer) ?? 0, `writer ${writer}`).to.be.at.least(acked.sequence);
      expect(
        await missingStreams(
          server,
          before.flatMap((acked) => acked.streams),
        ),
      ).to.deep.equal([]);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it("when a lowdb store is backed up with no service running into a folder whose parent is not there yet (a fresh container's /data/backups), then the parent is made and its files copied back restore it", async () => {
    const dataFile = await freshDataFile();
    let server = await startServerProcess(dataFile, AUTH_ENV);
    let reads: Read[];
    let expected: string[];
    try {
      reads = await writeDataset(server.service);
      expected = await readBack(server.service, reads);
    } finally {
      await stop(server, 'SIGKILL'); // the journal is left for the backup to carry
    }
    const backup = join(dataFile, '..', 'backups', 'monday');
    const backedUp = await runCommand('backup', [backup], { DATA_FILE: dataFile });
    expect(backedUp.code, backedUp.stderr).to.equal(0);
    expect(backedUp.stdout).to.include('with no service running');
    const restored = await restoreFrom(backup);
    server = await startServerProcess(restored, AUTH_ENV);
    try {
      expect(await readBack(server.service, reads)).to.deep.equal(expected);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it('when a PostgreSQL store is backed up with pg_dump while it serves, then pg_restore into an emptied database serves the same', async function () {
    if (await postgresUnavailable()) return this.skip();
    const schema = await freshSchema();
    try {
      let server = await startServerProcess(await freshDataFile(), { ...AUTH_ENV, DATABASE_URL: schema.url });
      const backup = join(await freshDataFile(), '..', 'backup');
      let reads: Read[];
      let expected: string[];
      try {
        reads = await writeDataset(server.service);
        expected = await readBack(server.service, reads);
        const backedUp = await runCommand('backup', [backup], { DATABASE_URL: schema.url });
        expect(backedUp.code, backedUp.stderr).to.equal(0);
      } finally {
        await stop(server, 'SIGTERM');
      }
      await schema.drop();
      const restore = spawn(
        'pg_restore',
        ['--no-owner', `--dbname=${TEST_DATABASE_URL}`, join(backup, 'collab.pgdump')],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      expect((await once(restore, 'exit'))[0]).to.equal(0);
      server = await startServerProcess(await freshDataFile(), { ...AUTH_ENV, DATABASE_URL: schema.url });
      try {
        expect(await readBack(server.service, reads)).to.deep.equal(expected);
      } finally {
        await stop(server, 'SIGTERM');
      }
      const rows = await admin(
        async (client) => (await client.query('SELECT count(*)::int AS n FROM quota_usage')).rows[0].n as number,
        schema.directUrl,
      );
      expect(rows, 'quota_usage restored too').to.equal(3);
    } finally {
      await schema.drop();
    }
  });
});
