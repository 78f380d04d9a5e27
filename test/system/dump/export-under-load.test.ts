import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { openLowdbStore } from '../../../src/store/lowdb/lowdb-store.js';
import { openPostgresStore } from '../../../src/store/postgres/postgres-store.js';
import { keyOf, type Store } from '../../../src/store/store.js';
import { runCommand } from '../../helpers/dump.js';
import { expectConsistentSnapshot, Load, seenInDump } from '../../helpers/load.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../../helpers/postgres.js';
import { startServerProcess, stop } from '../../helpers/process.js';
import { freshDataFile } from '../../helpers/service.js';

/** Records already there, so that an export takes a while: read markers of user local, each in a stream of its own. */
const SEEDED = 30_000;
const WRITERS = 8;

const markerOf = (index: number) => {
  const streamId = `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
  return {
    key: keyOf('local', streamId, ''),
    group: keyOf('local', streamId),
    value: {
      streamId,
      lastReadMessageId: '00000000-0000-4000-8000-000000000001',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  };
};

async function seed(store: Store): Promise<void> {
  for (let start = 0; start < SEEDED; start += 1000) {
    await Promise.all(
      Array.from({ length: 1000 }, (_, offset) => {
        const { key, group, value } = markerOf(start + offset);
        return store.update('readMarkers', key, () => value, { group, owner: 'local' });
      }),
    );
  }
  await store.close();
}

describe('make export while a load writes', function () {
  this.timeout(180_000);
  const schemas: Schema[] = [];
  after(async () => {
    for (const schema of schemas) await schema.drop();
  });

  const cases: [
    string,
    () => Promise<{ env: Record<string, string>; store: { DATA_FILE: string } | { DATABASE_URL: string } } | undefined>,
  ][] = [
    [
      'lowdb (the live service takes the snapshot)',
      async () => {
        const dataFile = await freshDataFile();
        await seed(await openLowdbStore(dataFile));
        // Small journal files: checkpoints come and go while the snapshot is read.
        return { env: { JOURNAL_CHECKPOINT_BYTES: '256kb' }, store: { DATA_FILE: dataFile } };
      },
    ],
    [
      'PostgreSQL (one REPEATABLE READ transaction)',
      async () => {
        if (await postgresUnavailable()) return undefined;
        const schema = await freshSchema();
        schemas.push(schema);
        await (await openPostgresStore(schema.url)).close();
        await admin(
          (client) =>
            client.query(
              `INSERT INTO records (collection, key, grp, owner, value)
        SELECT 'readMarkers', m->>'key', m->>'group', 'local', (m->'value')::json FROM json_array_elements($1::json) AS m`,
              [JSON.stringify(Array.from({ length: SEEDED }, (_, index) => markerOf(index)))],
            ),
          schema.directUrl,
        );
        return { env: { DATABASE_URL: schema.url }, store: { DATABASE_URL: schema.url } };
      },
    ],
  ];

  for (const [name, prepare] of cases) {
    it(`when ${name} is exported while writers write, then every write acknowledged before is in the dump, which is one moment of the store`, async function () {
      const prepared = await prepare();
      if (!prepared) return this.skip();
      const dataFile = 'DATA_FILE' in prepared.store ? prepared.store.DATA_FILE : await freshDataFile();
      const server = await startServerProcess(dataFile, prepared.env);
      const dump = join(dataFile, '..', 'under-load.dump');
      let load: Load | undefined;
      try {
        load = new Load(server.service, WRITERS);
        while (load.writes < 100) await new Promise((resolve) => setTimeout(resolve, 10));
        const before = load.now();
        const writesBefore = load.writes;
        const exported = await runCommand('export', [dump], prepared.store);
        expect(exported.code, exported.stderr).to.equal(0);
        expect(load.writes, 'writes went on during the export').to.be.above(writesBefore);
        await load.stop();
        const lines = (await readFile(dump, 'utf8')).split('\n').slice(1, -2);
        expect(lines.filter((line) => line.startsWith('{"collection":"readMarkers"'))).to.have.length(SEEDED);
        expectConsistentSnapshot(seenInDump(lines), before);
      } finally {
        await load?.stop();
        await stop(server, 'SIGTERM');
      }
      const imported = await runCommand('import', [dump], { DATA_FILE: await freshDataFile() });
      expect(imported.code, imported.stderr).to.equal(0);
    });
  }
});
