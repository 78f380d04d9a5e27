import { cp, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { AUTH_ENV, bearer, readBack, runCommand, SECRET, writeDataset, type Read } from '../../helpers/dump.js';
import { changeFirst, expectImportRefused, variant } from '../../helpers/dump-edit.js';
import { freshSchema, postgresUnavailable, type Schema } from '../../helpers/postgres.js';
import { startServerProcess, stop } from '../../helpers/process.js';
import { freshDataFile, startService } from '../../helpers/service.js';

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('make import refuses', function () {
  this.timeout(120_000);
  let good: string;
  let dataFile: string;
  let reads: Read[];
  const schemas: Schema[] = [];

  before(async () => {
    dataFile = await freshDataFile();
    const service = await startService({ dataFile, auth: { secret: SECRET } });
    try {
      reads = await writeDataset(service);
    } finally {
      await service.close();
    }
    good = join(dataFile, '..', 'good.dump');
    const exported = await runCommand('export', [good], { DATA_FILE: dataFile });
    expect(exported.code, exported.stderr).to.equal(0);
  });
  after(async () => {
    for (const schema of schemas) await schema.drop();
  });

  const damaged: [string, () => Promise<string>, RegExp][] = [
    [
      'a byte changed in a record',
      () =>
        variant(good, 'changed.dump', (lines) =>
          lines.map((line, index) => (index === 3 ? line.replace('"value":{', '"value":{"x":1,') : line)),
        ),
      /does not match its checksum/,
    ],
    ['no trailer', () => variant(good, 'no-trailer.dump', (lines) => lines.slice(0, -1)), /ends before its trailer/],
    [
      'a last line cut short',
      () =>
        variant(good, 'cut.dump', (lines) => lines).then(async (path) => {
          const text = await readFile(path, 'utf8');
          await writeFile(path, text.slice(0, text.length - 40));
          return path;
        }),
      /cut short/,
    ],
    ['a file that is not a dump', async () => 'package.json', /not a collab-dump header/],
    [
      'a record that breaks the contract, checksum and all made to match',
      () =>
        variant(
          good,
          'invalid.dump',
          changeFirst('streams', (record) => {
            (record.value as Record<string, unknown>).createdAt = 'yesterday';
          }),
          true,
        ),
      /line \d+: streams .*not a valid Stream.*createdAt/,
    ],
    [
      'a device filed under another user',
      () =>
        variant(
          good,
          'misfiled.dump',
          changeFirst('devices', (record) => {
            record.group = 'mallory';
          }),
          true,
        ),
      /its group should be/,
    ],
    [
      'records out of order',
      () => variant(good, 'unordered.dump', (lines) => [lines[0]!, lines[2]!, lines[1]!, ...lines.slice(3)], true),
      /out of dump order/,
    ],
    [
      'counts that disagree with the records',
      () =>
        variant(good, 'miscounted.dump', (lines) =>
          lines.map((line, index) => (index === lines.length - 1 ? line.replace('"streams":6', '"streams":7') : line)),
        ),
      /holds 6 streams records, but its trailer says 7/,
    ],
    [
      'a newer dump format',
      () =>
        variant(good, 'newer.dump', (lines) => [
          lines[0]!.replace('"formatVersion":1', '"formatVersion":2'),
          ...lines.slice(1),
        ]),
      /newer than this build reads/,
    ],
  ];
  for (const [what, make, why] of damaged) {
    it(`when the dump has ${what}, then it is refused with one line and nothing is written, in lowdb and PostgreSQL`, async () => {
      await expectImportRefused(await make(), why, schemas);
    });
  }

  it('when the store holds other data, then the import is refused unless --merge says which side wins', async () => {
    const edited = await variant(
      good,
      'edited.dump',
      changeFirst('navigation', (record) => {
        (record.value as Record<string, unknown>).sort = 'alphabetical';
      }),
      true,
    );
    const stores: Record<string, string>[] = [{ DATA_FILE: await freshDataFile() }];
    if (!(await postgresUnavailable())) {
      const schema = await freshSchema();
      schemas.push(schema);
      stores.push({ DATABASE_URL: schema.url });
    }
    for (const store of stores as ({ DATA_FILE: string } | { DATABASE_URL: string })[]) {
      expect((await runCommand('import', [good], store)).code).to.equal(0);
      const sortNow = async () => {
        const server = await startServerProcess(await freshDataFile(), { ...AUTH_ENV, ...store });
        try {
          const response = await fetch(`${server.service.url}/api/streams/nav`, { headers: await bearer('alice') });
          return ((await response.json()) as { sort: string }).sort;
        } finally {
          await stop(server, 'SIGTERM');
        }
      };
      const refused = await runCommand('import', [edited], store);
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.match(/holds different data: 1 records differ from the dump's and 0 are not in it/);
      expect(await sortNow()).to.equal('recent');
      const storeWins = await runCommand('import', [edited, '--merge=store'], store);
      expect(storeWins.code, storeWins.stderr).to.equal(0);
      expect(storeWins.stdout).to.include('0 written');
      expect(await sortNow()).to.equal('recent');
      const dumpWins = await runCommand('import', [edited, '--merge=dump'], store);
      expect(dumpWins.code, dumpWins.stderr).to.equal(0);
      expect(dumpWins.stdout).to.include('1 written');
      expect(await sortNow()).to.equal('alphabetical');
    }
  });

  it('when DATA_FILE holds no store, then make export refuses with one line and makes neither a store nor a dump', async () => {
    const missing = await freshDataFile();
    const dump = join(missing, '..', 'nothing.dump');
    const refused = await runCommand('export', [dump], { DATA_FILE: missing });
    expect(refused.code).to.equal(1);
    expect(refused.stderr.trim().split('\n')).to.have.length(1);
    expect(refused.stderr).to.match(/holds no lowdb store/);
    expect([await exists(missing), await exists(`${missing}.d`), await exists(dump)]).to.deep.equal([
      false,
      false,
      false,
    ]);
  });

  it("when a running service owns the lowdb file, then the import is refused and the service's data is untouched", async () => {
    const copy = await freshDataFile();
    await cp(dataFile, copy);
    await cp(`${dataFile}.d`, `${copy}.d`, { recursive: true });
    const server = await startServerProcess(copy, AUTH_ENV);
    try {
      const before = await readBack(server.service, reads);
      const refused = await runCommand('import', [good, '--merge=dump'], { DATA_FILE: copy });
      expect(refused.code).to.equal(1);
      expect(refused.stderr.trim().split('\n')).to.have.length(1);
      expect(refused.stderr).to.match(/is in use by a running service \(pid \d+\): stop it first/);
      expect(await readBack(server.service, reads)).to.deep.equal(before);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });
});
