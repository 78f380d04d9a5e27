import { join } from 'node:path';
import { expect } from 'chai';
import { depthOf } from '../../../src/lib/json-depth.js';
import { openPostgresStore } from '../../../src/store/postgres/postgres-store.js';
import { call } from '../../helpers/client.js';
import { runCommand } from '../../helpers/dump.js';
import { changeFirst, expectImportRefused, variant } from '../../helpers/dump-edit.js';
import { aDevice, aDraft, aPhase, uuid } from '../../helpers/factories.js';
import { freshSchema, postgresUnavailable, type Schema } from '../../helpers/postgres.js';
import { freshDataFile, startService, type Service } from '../../helpers/service.js';

const CAP = 256 * 1024;
const DEPTH = 256;
const METADATA_CAP = 16 * 1024;
type Value = Record<string, unknown>;

/** `{"a":{"a":…1…}}`, `levels` objects deep, as text: too deep to build as an object and stringify. */
const nestedText = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
/** A map of `count` stream ranks: about 40 bytes each. */
const ranks = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`stream-${String(index).padStart(20, '0')}`, index]));

/** The documents at the edge of what the write path stores, read back as GETs. */
const READS = [
  '/api/identity/settings/big',
  '/api/identity/settings/deep',
  '/api/notifications/devices',
  '/api/notifications/settings',
  '/api/streams/nav',
];

async function readAll(service: Service): Promise<string[]> {
  return Promise.all(READS.map(async (path) => JSON.stringify((await call(service, 'GET', path)).body)));
}

describe('make import checks every record as the write path does', function () {
  this.timeout(120_000);
  let good: string;
  let written: string[];
  const schemas: Schema[] = [];

  before(async () => {
    const dataFile = await freshDataFile();
    const service = await startService({ dataFile });
    try {
      const send = async (method: string, path: string, body: unknown) => {
        const reply = await call(service, method, path, { body });
        expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body).slice(0, 200)}`).to.be.within(200, 201);
        return reply.body as Value;
      };
      const deep = await send('PATCH', '/api/identity/settings/deep', `{"patch":${nestedText(DEPTH - 1)}}`); // the body nests 256 levels
      expect(depthOf(deep), 'the stored value nests as deep as its body').to.equal(DEPTH);
      const probe = await send('PATCH', '/api/identity/settings/big', { patch: { blob: '' } });
      // Brackets, escaped quotes and backslashes in a string are text, not nesting: 1,000 of each take 6,000 bytes.
      const brackets = '[{"\\'.repeat(1000);
      const atCap = await send('PATCH', '/api/identity/settings/big', {
        patch: { blob: brackets + 'y'.repeat(CAP - bytesOf(probe) - 6000) },
      });
      expect(bytesOf(atCap)).to.equal(CAP);
      await send(
        'PUT',
        '/api/notifications/devices',
        aDevice({
          installationId: 'phone',
          transportMetadata: { blob: 'm'.repeat(METADATA_CAP - bytesOf({ blob: '' })) },
        }),
      );
      await send('PATCH', '/api/notifications/settings', { channels: { mobile: { enabled: true } } });
      await send('PATCH', '/api/streams/nav', { sort: 'recent' });
      await send('PUT', `/api/cycles/templates/${uuid()}/draft`, aDraft({ phasesTemplate: [aPhase(), aPhase()] }));
      written = await readAll(service);
    } finally {
      await service.close();
    }
    good = join(dataFile, '..', 'at-limits.dump');
    const exported = await runCommand('export', [good], { DATA_FILE: dataFile });
    expect(exported.code, exported.stderr).to.equal(0);
  });
  after(async () => {
    for (const schema of schemas) await schema.drop();
  });

  it('when every document is at its limit (256 KiB, 256 levels, 16 KiB of transportMetadata), then it imports into lowdb and PostgreSQL and reads back the same', async () => {
    const lowdb = await freshDataFile();
    const intoLowdb = await runCommand('import', [good], { DATA_FILE: lowdb });
    expect(intoLowdb.code, intoLowdb.stderr).to.equal(0);
    const service = await startService({ dataFile: lowdb });
    try {
      expect(await readAll(service)).to.deep.equal(written);
    } finally {
      await service.close();
    }
    if (await postgresUnavailable()) return;
    const schema = await freshSchema();
    schemas.push(schema);
    const intoPostgres = await runCommand('import', [good], { DATABASE_URL: schema.url });
    expect(intoPostgres.code, intoPostgres.stderr).to.equal(0);
    const onPostgres = await startService({ store: await openPostgresStore(schema.url) });
    try {
      expect(await readAll(onPostgres)).to.deep.equal(written);
    } finally {
      await onPostgres.close();
    }
  });

  const over: [string, (lines: string[]) => string[], RegExp][] = [
    [
      'a navigation document of 5 MB',
      changeFirst('navigation', (record) => {
        (record.value as Value).rankByStreamId = ranks(125_000);
      }),
      /line \d+: navigation "local": its value takes \d{7} bytes as compact JSON; a stored document holds at most 262144 bytes \(256 KiB\)/,
    ],
    [
      'notification settings one byte past 256 KiB',
      changeFirst('notificationSettings', (record) => {
        const value = record.value as Value;
        value.vips = { '': { bypass: true } };
        value.vips = { ['v'.repeat(CAP + 1 - bytesOf(value))]: { bypass: true } };
      }),
      /notificationSettings "local": its value takes 262145 bytes/,
    ],
    [
      'an identity namespace one byte past 256 KiB',
      changeFirst(
        'identitySettings',
        (record) => {
          ((record.value as Value).settings as Value).blob += 'y';
        },
        'local/big',
      ),
      /identitySettings "local\/big": its value takes 262145 bytes/,
    ],
    [
      'an identity namespace one level deeper than 256',
      changeFirst(
        'identitySettings',
        (record) => {
          const value = record.value as Value;
          value.settings = { a: value.settings };
        },
        'local/deep',
      ),
      /identitySettings "local\/deep": its value nests deeper than 256 levels/,
    ],
    [
      'an identity namespace nested 3,000,000 levels deep',
      changeFirst(
        'identitySettings',
        (record) => {
          (record.value as Value).settings = 'DEEP';
          return JSON.stringify(record).replace('"DEEP"', nestedText(3_000_000));
        },
        'local/deep',
      ),
      /identitySettings "local\/deep": its value nests deeper than 256 levels/,
    ],
    [
      'a device whose transportMetadata passes 16 KiB',
      changeFirst('devices', (record) => {
        ((record.value as Value).transportMetadata as Value).blob += 'm';
      }),
      /devices .*: its transportMetadata takes 16385 bytes as compact JSON; it holds at most 16384/,
    ],
    [
      'a draft whose second phase repeats the first phase id (in capitals: ids are compared as the write path compares them)',
      changeFirst('drafts', (record) => {
        const [first, second] = (record.value as Value).phasesTemplate as Value[];
        second!.id = (first!.id as string).toUpperCase();
      }),
      /drafts .*: its phasesTemplate\/1\/id repeats the id of phase 0; phase ids are unique within a draft/,
    ],
  ];
  it('when a record line is not JSON, then the refusal names the line and where, and shows nothing of it', async () => {
    const path = await variant(good, 'not-json.dump', (lines) => [
      lines[0]!,
      'SECRET-not-for-any-log',
      ...lines.slice(1),
    ]);
    const stderr = await expectImportRefused(path, /line 2: is not JSON \(at character 1\)/, schemas);
    expect(stderr).not.to.contain('SECRET');
  });

  for (const [what, edit, why] of over) {
    it(`when one record is ${what}, then the whole dump is refused with one line naming it, and nothing is written, in lowdb and PostgreSQL`, async () => {
      const path = await variant(good, `${what.replaceAll(/\W+/g, '-')}.dump`, edit, true);
      const stderr = await expectImportRefused(path, why, schemas);
      expect(stderr.length, 'the line names the record, never its content').to.be.below(1000);
    });
  }
});
