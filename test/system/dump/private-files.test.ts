import { execFile } from 'node:child_process';
import { readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { call } from '../../helpers/client.js';
import { runCommand } from '../../helpers/dump.js';
import { modesUnder, notPrivate, withUmask } from '../../helpers/modes.js';
import { freshSchema, postgresUnavailable } from '../../helpers/postgres.js';
import { startServerProcess, stop } from '../../helpers/process.js';
import { freshDataFile } from '../../helpers/service.js';

const modeOf = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

/** A lowdb store whose last writes are in its journal (the service was killed), and the folder it is in. */
async function aStore(): Promise<{ dataFile: string; folder: string }> {
  const dataFile = await freshDataFile();
  const server = await startServerProcess(dataFile);
  try {
    for (const namespace of ['a', 'b', 'c'])
      expect(
        (await call(server.service, 'PATCH', `/api/identity/settings/${namespace}`, { body: { patch: { namespace } } }))
          .status,
      ).to.equal(200);
  } finally {
    expect(await stop(server, 'SIGKILL')).to.equal(null);
  }
  return { dataFile, folder: join(dataFile, '..') };
}

describe('make export and make backup: what they write is private to its owner', function () {
  this.timeout(120_000);

  it('when make export runs under umask 000, then the dump is 0600', async () => {
    const { dataFile, folder } = await aStore();
    const dump = join(folder, 'modes.dump');
    const exported = await withUmask(0o000, () => runCommand('export', [dump], { DATA_FILE: dataFile }));
    expect(exported.code, exported.stderr).to.equal(0);
    expect(await modeOf(dump)).to.equal('600');
  });

  it('when make backup of a lowdb store runs under umask 000, then the backup folder and each folder in it are 0700, and every file 0600', async () => {
    const { dataFile, folder } = await aStore();
    const backup = join(folder, 'backup');
    const backedUp = await withUmask(0o000, () => runCommand('backup', [backup], { DATA_FILE: dataFile }));
    expect(backedUp.code, backedUp.stderr).to.equal(0);
    expect(await modeOf(backup)).to.equal('700');
    const copied = await modesUnder(backup);
    expect(
      copied.filter((entry) => /journal\/\d+\.ndjson: file/.test(entry)),
      'the journal copied',
    ).not.to.be.empty;
    expect(notPrivate(copied)).to.deep.equal([]);
  });

  it('when make backup of a PostgreSQL store runs under umask 000, then its folder is 0700 and the pg_dump file 0600, and pg_restore reads it', async function () {
    if (await postgresUnavailable()) return this.skip();
    const { dataFile, folder } = await aStore();
    const schema = await freshSchema();
    try {
      const dump = join(folder, 'for-postgres.dump');
      expect((await runCommand('export', [dump], { DATA_FILE: dataFile })).code).to.equal(0);
      expect((await runCommand('import', [dump], { DATABASE_URL: schema.url })).code).to.equal(0);
      const backup = join(folder, 'pg-backup');
      const backedUp = await withUmask(0o000, () => runCommand('backup', [backup], { DATABASE_URL: schema.url }));
      expect(backedUp.code, backedUp.stderr).to.equal(0);
      expect(await modeOf(backup)).to.equal('700');
      expect(await modesUnder(backup)).to.deep.equal(['collab.pgdump: file 600']);
      const { stdout } = await promisify(execFile)('pg_restore', ['--list', join(backup, 'collab.pgdump')]);
      expect(stdout).to.match(/TABLE .* records /);
    } finally {
      await schema.drop();
    }
  });

  it('when a shard of the lowdb store is a symbolic link, then make backup refuses with one line naming it, shows and copies nothing of its target, and leaves no backup folder', async () => {
    const { dataFile, folder } = await aStore();
    const server = await startServerProcess(dataFile);
    expect(await stop(server, 'SIGTERM')).to.equal(0); // the last checkpoint writes the shards
    const secret = join(folder, 'secret.txt');
    await writeFile(secret, 'SECRET-not-for-any-backup');
    const shard = join(`${dataFile}.d/identitySettings`, (await readdir(`${dataFile}.d/identitySettings`))[0]!);
    await rm(shard);
    await symlink(secret, shard);
    const backup = join(folder, 'backup');
    const refused = await runCommand('backup', [backup], { DATA_FILE: dataFile });
    expect(refused.code).to.equal(1);
    expect(refused.stderr.trim().split('\n')).to.have.length(1);
    expect(refused.stderr).to.contain(`${shard}: is a symbolic link`).and.not.contain('SECRET');
    expect(
      await stat(backup).then(
        () => 'there',
        () => 'none',
      ),
      'no half backup',
    ).to.equal('none');
  });
});
