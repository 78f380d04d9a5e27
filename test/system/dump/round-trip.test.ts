import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { openPostgresStore } from '../../../src/store/postgres/postgres-store.js';
import type { StoreQuotas, StoredRecord } from '../../../src/store/store.js';
import { AUTH_ENV, readBack, runCommand, writeDataset, type Read } from '../../helpers/dump.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../../helpers/postgres.js';
import { startServerProcess, stop } from '../../helpers/process.js';
import { freshDataFile } from '../../helpers/service.js';

/** A dump's record lines and its trailer's checksum. */
async function recordsOf(path: string): Promise<{ lines: string[]; sha256: string }> {
  const lines = (await readFile(path, 'utf8')).split('\n').slice(1, -1);
  const trailer = JSON.parse(lines.pop()!) as { sha256: string };
  return { lines, sha256: trailer.sha256 };
}

async function readsOn(env: { DATABASE_URL: string } | { DATA_FILE: string }, reads: Read[]): Promise<string[]> {
  const server = await startServerProcess(await freshDataFile(), { ...AUTH_ENV, ...env });
  try {
    return await readBack(server.service, reads);
  } finally {
    await stop(server, 'SIGTERM');
  }
}

async function quotaRows(url: string): Promise<Record<string, { bytes: string; counts: Record<string, number> }>> {
  const rows = await admin(
    async (client) =>
      (
        await client.query<{ owner: string; bytes: string; counts: Record<string, number> }>(
          'SELECT owner, bytes::text AS bytes, counts FROM quota_usage ORDER BY owner',
        )
      ).rows,
    url,
  );
  // A row of zeros is what an owner who kept nothing has, or none at all: the same.
  const held = rows
    .map((row) => ({
      ...row,
      counts: Object.fromEntries(Object.entries(row.counts).filter(([, count]) => count !== 0)),
    }))
    .filter((row) => row.bytes !== '0' || Object.keys(row.counts).length > 0);
  return Object.fromEntries(held.map(({ owner, bytes, counts }) => [owner, { bytes, counts }]));
}

describe('moving data between stores: lowdb to PostgreSQL and back (make export, make import)', function () {
  this.timeout(180_000);
  let folder: string;
  let reads: Read[];
  let expected: string[];
  const schemas: Schema[] = [];
  const schema = async () => {
    const made = await freshSchema();
    schemas.push(made);
    return made;
  };

  before(async function () {
    if (await postgresUnavailable()) this.skip();
    const dataFile = await freshDataFile();
    folder = join(dataFile, '..');
    const origin = await startServerProcess(dataFile, AUTH_ENV);
    try {
      reads = await writeDataset(origin.service);
      expected = await readBack(origin.service, reads);
      expect(expected.filter((line) => / 200 /.test(line)))
        .to.have.length(expected.length)
        .above(40);
      const exported = await runCommand('export', [join(folder, 'from-lowdb.dump')], { DATA_FILE: dataFile });
      expect(exported.code, exported.stderr).to.equal(0);
      expect(exported.stdout).to.include('from the live service that owns it');
    } finally {
      await stop(origin, 'SIGTERM');
    }
  });
  after(async () => {
    for (const made of schemas) await made.drop();
  });

  it('when a lowdb dump goes into PostgreSQL and back into lowdb, then every GET answers byte for byte as at first, paging included, and the dumps hold the same bytes', async () => {
    const postgres = await schema();
    const intoPostgres = await runCommand('import', [join(folder, 'from-lowdb.dump')], { DATABASE_URL: postgres.url });
    expect(intoPostgres.code, intoPostgres.stderr).to.equal(0);
    expect(await readsOn({ DATABASE_URL: postgres.url }, reads)).to.deep.equal(expected);

    const fromPostgres = await runCommand('export', [join(folder, 'from-postgres.dump')], {
      DATABASE_URL: postgres.url,
    });
    expect(fromPostgres.code, fromPostgres.stderr).to.equal(0);
    const [lowdbDump, postgresDump] = [
      await recordsOf(join(folder, 'from-lowdb.dump')),
      await recordsOf(join(folder, 'from-postgres.dump')),
    ];
    expect(postgresDump.lines).to.deep.equal(lowdbDump.lines);
    expect(postgresDump.sha256).to.equal(lowdbDump.sha256);

    const back = await freshDataFile();
    const intoLowdb = await runCommand('import', [join(folder, 'from-postgres.dump')], { DATA_FILE: back });
    expect(intoLowdb.code, intoLowdb.stderr).to.equal(0);
    expect(intoLowdb.stdout).to.include(`${lowdbDump.lines.length} written, 0 already there`);
    expect(await readsOn({ DATA_FILE: back }, reads)).to.deep.equal(expected);
  });

  it('when the same dump is imported twice, then the second writes nothing and the data is the same', async () => {
    const postgres = await schema();
    const lowdb = await freshDataFile();
    const stores: ({ DATABASE_URL: string } | { DATA_FILE: string })[] = [
      { DATABASE_URL: postgres.url },
      { DATA_FILE: lowdb },
    ];
    for (const store of stores) {
      const first = await runCommand('import', [join(folder, 'from-lowdb.dump')], store);
      expect(first.code, first.stderr).to.equal(0);
      const second = await runCommand('import', [join(folder, 'from-lowdb.dump')], store);
      expect(second.code, second.stderr).to.equal(0);
      expect(second.stdout).to.match(/: 0 written, \d+ already there/);
      expect(await readsOn(store, reads)).to.deep.equal(expected);
    }
  });

  it("when a dump is imported into PostgreSQL, then each owner's quota_usage row is what the write path counts for the same records", async () => {
    const imported = await schema();
    expect(
      (await runCommand('import', [join(folder, 'from-lowdb.dump')], { DATABASE_URL: imported.url })).code,
    ).to.equal(0);
    // The same records written one by one through the store, whose every write counts its owner's usage.
    const written = await schema();
    const quotas: StoreQuotas = { records: { streams: 1e9, devices: 1e9 }, recordsPerGroup: {}, bytes: 1e12 };
    const store = await openPostgresStore(written.url, { quotas });
    try {
      for (const line of (await readFile(join(folder, 'from-lowdb.dump'), 'utf8')).split('\n').slice(1, -2)) {
        const record = JSON.parse(line) as StoredRecord;
        await store.update(record.collection, record.key, () => record.value, {
          group: record.group,
          owner: record.owner,
        });
      }
    } finally {
      await store.close();
    }
    const rows = await quotaRows(imported.directUrl);
    expect(Object.keys(rows)).to.have.length(3);
    expect(rows).to.deep.equal(await quotaRows(written.directUrl));
  });
});
