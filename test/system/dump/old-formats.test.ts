import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { runCommand } from '../../helpers/dump.js';
import { refusedStart, startServerProcess, stop } from '../../helpers/process.js';
import { freshDataFile } from '../../helpers/service.js';

/**
 * lowdb files of the data format the contract's first release wrote (v3), each made by the service of its time
 * (test/fixtures/lowdb/README.md), with what each write answered then: started on them, today's service upgrades
 * them and reads the same. Files of the pre-release formats are refused, naming the build that upgrades them.
 */
const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'lowdb');

interface Written {
  revision: string;
  secret: string | null;
  writes: { user: string; read: string; answer: unknown }[];
  lists: { user: string; read: string; answer: { items: Record<string, unknown>[] } }[];
}

/** A copy of a fixture in a fresh folder: its data file. */
async function copyOf(name: string): Promise<string> {
  const dataFile = await freshDataFile();
  await cp(join(FIXTURES, name, 'db.json'), dataFile);
  await cp(join(FIXTURES, name, 'db.json.d'), `${dataFile}.d`, { recursive: true }).catch(() => {});
  return dataFile;
}

/** A marker read back today: none has a null threadSessionId (one stored with null is read without it). */
const asToday = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([name, value]) => !(name === 'threadSessionId' && value === null)));
/** Items in one order whatever the order of their members. */
const canonical = (item: object) => JSON.stringify(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)));
const byJson = (a: object, b: object) => (canonical(a) < canonical(b) ? -1 : 1);

describe('lowdb files of earlier data formats are upgraded at start-up', function () {
  this.timeout(60_000);

  for (const name of ['v3-compact', 'v3-journal']) {
    it(`when the service starts on files of ${name}, then it upgrades them and every write made then reads back the same, lists and pages included`, async () => {
      const written = JSON.parse(await readFile(join(FIXTURES, name, 'written.json'), 'utf8')) as Written;
      const dataFile = await copyOf(name);
      const server = await startServerProcess(dataFile, written.secret ? { AUTH_JWT_SECRET: written.secret } : {});
      const get = async (user: string, path: string) => {
        const headers: Record<string, string> = written.secret
          ? {
              authorization: `Bearer ${await new SignJWT({ sub: user }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode(written.secret))}`,
            }
          : {};
        const response = await fetch(server.service.url + path, { headers });
        return {
          status: response.status,
          link: response.headers.get('link'),
          body: (await response.json()) as { items: Record<string, unknown>[] },
        };
      };
      try {
        // The latest write of each resource: a draft is shared, the rest are per user or per id.
        const latest = new Map<string, { user: string; read: string; answer: unknown }>();
        for (const write of written.writes)
          latest.set(write.read.startsWith('/api/cycles/') ? write.read : `${write.user} ${write.read}`, write);
        for (const { user, read, answer } of latest.values()) {
          const reply = await get(user, read);
          expect(reply.status, `${user} GET ${read}`).to.equal(200);
          expect(reply.body, `${user} GET ${read}`).to.deep.equal(answer);
        }
        for (const { user, read, answer } of written.lists) {
          const items = answer.items.map(asToday).sort(byJson);
          expect((await get(user, read)).body.items.sort(byJson), `${user} GET ${read}`).to.deep.equal(items);
          const paged: Record<string, unknown>[] = [];
          for (let next: string | undefined = `${read}?limit=1`; next;) {
            const reply = await get(user, next);
            paged.push(...reply.body.items);
            next = reply.link ? /<([^>]+)>/.exec(reply.link)?.[1] : undefined;
          }
          expect(paged.sort(byJson), `${user} pages of ${read}`).to.deep.equal(items);
        }
      } finally {
        expect(await stop(server, 'SIGTERM')).to.equal(0);
      }
      expect(JSON.parse(await readFile(dataFile, 'utf8'))).to.include({ format: 'collab-lowdb-v4', version: 4 });
      // The upgraded records pass every check an import makes.
      const dump = join(dataFile, '..', 'upgraded.dump');
      expect((await runCommand('export', [dump], { DATA_FILE: dataFile })).code).to.equal(0);
      const imported = await runCommand('import', [dump], { DATA_FILE: await freshDataFile() });
      expect(imported.code, imported.stderr).to.equal(0);
    });
  }

  it('when make import runs on files of v3, then it upgrades them first, and the dump of the same data finds them identical', async () => {
    const upgraded = await copyOf('v3-compact');
    const dump = join(upgraded, '..', 'v3-compact.dump');
    expect((await runCommand('export', [dump], { DATA_FILE: upgraded })).code).to.equal(0);
    const old = await copyOf('v3-compact');
    const imported = await runCommand('import', [dump], { DATA_FILE: old });
    expect(imported.code, imported.stderr).to.equal(0);
    const records = (JSON.parse((await readFile(dump, 'utf8')).trim().split('\n').at(-1)!) as { records: number })
      .records;
    expect(records).to.be.above(15);
    expect(imported.stdout).to.include(`: 0 written, ${records} already there`);
    expect(JSON.parse(await readFile(old, 'utf8'))).to.include({ version: 4 });
  });

  for (const [name, format] of [
    ['single-file', 'a single lowdb file \\(version 0\\)'],
    ['shards-v1', 'collab-lowdb-shards-v1'],
    ['shards-v2', 'collab-lowdb-shards-v2'],
  ] as const) {
    it(`when the files are of the pre-release format ${name}, then it refuses to start, names the build that upgrades them, and leaves them as they were`, async () => {
      const dataFile = await freshDataFile();
      await cp(join(FIXTURES, name, 'db.json'), dataFile);
      const refused = await refusedStart(dataFile);
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.match(
        new RegExp(
          `is ${format}, a data format of builds before the contract's first release \\(1\\.0\\.0\\).*start the build 49b83d0 on it once`,
        ),
      );
      expect(await readFile(dataFile)).to.deep.equal(await readFile(join(FIXTURES, name, 'db.json')));
    });
  }

  it('when the files are of a format newer than this build knows, then it refuses to start and names it', async () => {
    const dataFile = await freshDataFile();
    await writeFile(dataFile, JSON.stringify({ format: 'collab-lowdb-v5', version: 5, shards: 256 }));
    const refused = await refusedStart(dataFile);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/is data format collab-lowdb-v5 version 5, which this build does not know/);
  });
});
