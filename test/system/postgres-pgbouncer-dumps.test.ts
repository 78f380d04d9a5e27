import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { AUTH_ENV, readBack, runCommand, writeDataset } from '../helpers/dump.js';
import { pgbouncerUnavailable, startPgBouncer, type PgBouncer } from '../helpers/pgbouncer.js';
import { freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';
import { startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

/** A dump's record lines, without its header and trailer (they carry the time it was made). */
const recordsOf = async (path: string) => (await readFile(path, 'utf8')).split('\n').slice(1, -2);

describe('make export, make import and make backup through PgBouncer in transaction pooling', function () {
  this.timeout(180_000);
  let bouncer: PgBouncer | undefined;
  const schemas: Schema[] = [];
  const through = async () => {
    const schema = await freshSchema();
    schemas.push(schema);
    return bouncer!.through(schema.directUrl);
  };
  before(async function () {
    if (await postgresUnavailable()) this.skip();
    const missing = pgbouncerUnavailable();
    if (missing && process.env.CI === 'true')
      throw new Error(`CI must test through PgBouncer, but it needs ${missing}`);
    if (missing) this.skip();
    bouncer = await startPgBouncer('transaction');
  });
  after(async () => {
    await Promise.all(schemas.map((schema) => schema.drop()));
    await bouncer?.stop();
  });

  it('when a store is exported and imported into another through it, then the other serves the same and exports the same records', async () => {
    const [from, to] = [await through(), await through()];
    const folder = join(await freshDataFile(), '..');
    const origin = await startServerProcess(await freshDataFile(), { ...AUTH_ENV, DATABASE_URL: from });
    let reads;
    let expected;
    try {
      reads = await writeDataset(origin.service);
      expected = await readBack(origin.service, reads);
    } finally {
      await stop(origin, 'SIGTERM');
    }
    const exported = await runCommand('export', [join(folder, 'from.dump')], { DATABASE_URL: from });
    expect(exported.code, exported.stderr).to.equal(0);
    const imported = await runCommand('import', [join(folder, 'from.dump')], { DATABASE_URL: to });
    expect(imported.code, imported.stderr).to.equal(0);
    const again = await runCommand('export', [join(folder, 'to.dump')], { DATABASE_URL: to });
    expect(again.code, again.stderr).to.equal(0);
    expect(await recordsOf(join(folder, 'to.dump'))).to.deep.equal(await recordsOf(join(folder, 'from.dump')));
    const restored = await startServerProcess(await freshDataFile(), { ...AUTH_ENV, DATABASE_URL: to });
    try {
      expect(await readBack(restored.service, reads)).to.deep.equal(expected);
    } finally {
      await stop(restored, 'SIGTERM');
    }
  });

  it('when make backup is pointed at it, then it refuses, saying to point it at PostgreSQL itself, and makes nothing', async () => {
    const backup = join(await freshDataFile(), '..', 'backup');
    const refused = await runCommand('backup', [backup], { DATABASE_URL: await through() });
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('pointing at PostgreSQL itself');
    expect(existsSync(backup)).to.equal(false);
  });
});
