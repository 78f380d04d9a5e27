import { chmod, cp, lstat, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { modesUnder, notPrivate, withUmask } from '../helpers/modes.js';
import { refusedStart, startServerProcess, stop, type ServerProcess } from '../helpers/process.js';

/** Writes identity namespaces and navigation through the service, all 200. */
async function writeSome(server: ServerProcess, from = 0): Promise<void> {
  for (let index = from; index < from + 10; index++) {
    const reply = await call(server.service, 'PATCH', `/api/identity/settings/ns-${index}`, {
      body: { patch: { text: 'x'.repeat(200) } },
    });
    expect(reply.status).to.equal(200);
  }
  expect((await call(server.service, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } })).status).to.equal(200);
}

const shards = (entries: string[]) => entries.filter((entry) => /\.d\/identitySettings\/\d+\.json: /.test(entry));
const journalFiles = (entries: string[]) => entries.filter((entry) => /\.d\/journal\/\d+\.ndjson: /.test(entry));

describe('the data files are private to their owner', function () {
  this.timeout(60_000);

  it('when the service makes its folders, writes and stops (a checkpoint) under umask 000, then every folder it made is 0700 and every file 0600, while it serves and after', async () => {
    const root = await mkdtemp(join(tmpdir(), 'collab-modes-'));
    const dataFile = join(root, 'made', 'here', 'db.json'); // folders the service makes
    const server = await withUmask(0o000, () => startServerProcess(dataFile));
    try {
      await writeSome(server);
      const serving = await modesUnder(root);
      expect(journalFiles(serving), 'the journal').not.to.be.empty;
      expect(
        serving.filter((entry) => /db\.json(\.lock|\.sock)?: /.test(entry)),
        'the manifest, lock and socket',
      ).to.have.length(3);
      expect(notPrivate(serving)).to.deep.equal([]);
    } finally {
      expect(await stop(server, 'SIGTERM')).to.equal(0);
    }
    const stopped = await modesUnder(root);
    expect(shards(stopped), 'the last checkpoint wrote shards (temporary files, renamed)').not.to.be.empty;
    expect(notPrivate(stopped)).to.deep.equal([]);
  });

  it('when a store made before holds 0644 files in 0755 folders, then start-up makes them 0600 and 0700 and serves them, and leaves the folder it did not make as it was', async () => {
    const root = await mkdtemp(join(tmpdir(), 'collab-modes-'));
    const dataFile = join(root, 'db.json');
    const first = await startServerProcess(dataFile);
    await writeSome(first);
    expect(await stop(first, 'SIGTERM')).to.equal(0);
    const second = await startServerProcess(dataFile);
    await writeSome(second, 10);
    expect(await stop(second, 'SIGKILL')).to.equal(null); // the journal stays, for the next start to replay
    await chmod(root, 0o755);
    const before = await modesUnder(root);
    expect([shards(before), journalFiles(before)]).to.satisfy((found: string[][]) =>
      found.every((list) => list.length > 0),
    );
    for (const entry of before) {
      const [path, kind] = entry.split(/: | /);
      await chmod(join(root, path!), kind === 'folder' ? 0o755 : 0o644);
    }
    const third = await withUmask(0o022, () => startServerProcess(dataFile));
    try {
      expect(notPrivate(await modesUnder(root))).to.deep.equal([]);
      expect((await call(third.service, 'GET', '/api/identity/settings/ns-19')).body.settings.text).to.have.length(200);
    } finally {
      expect(await stop(third, 'SIGTERM')).to.equal(0);
    }
    expect(((await stat(root)).mode & 0o777).toString(8), "DATA_FILE's folder is not the service's to change").to.equal(
      '755',
    );
  });
});

/** A store with shard files (a clean stop) and a journal (a later kill), made once; each case damages a copy of it. */
async function aStoreWithShardsAndJournal(): Promise<string> {
  const dataFile = join(await mkdtemp(join(tmpdir(), 'collab-links-')), 'db.json');
  const first = await startServerProcess(dataFile);
  await writeSome(first);
  expect(await stop(first, 'SIGTERM')).to.equal(0);
  const second = await startServerProcess(dataFile);
  await writeSome(second, 10);
  expect(await stop(second, 'SIGKILL')).to.equal(null);
  return dataFile;
}

/** A copy of the store at `dataFile`, in a folder of its own. */
async function copyOf(dataFile: string): Promise<string> {
  const copy = join(await mkdtemp(join(tmpdir(), 'collab-links-')), 'db.json');
  await cp(dataFile, copy);
  await cp(`${dataFile}.d`, `${copy}.d`, { recursive: true });
  return copy;
}

const SECRET = 'SECRET-not-for-any-log';

describe('start-up on a data folder holding a symbolic link or a file that is not JSON: the path named, never the content', function () {
  this.timeout(60_000);
  let template: string;
  let secretFile: string;
  before(async () => {
    template = await aStoreWithShardsAndJournal();
    secretFile = join(await mkdtemp(join(tmpdir(), 'collab-secret-')), 'secret.txt');
    await writeFile(secretFile, `${SECRET} and more of it\n`);
  });

  const firstShard = async (dataFile: string) =>
    join(`${dataFile}.d/identitySettings`, (await readdir(`${dataFile}.d/identitySettings`)).sort()[0]!);
  const firstJournal = async (dataFile: string) =>
    join(`${dataFile}.d/journal`, (await readdir(`${dataFile}.d/journal`)).sort()[0]!);
  const linked: [string, (dataFile: string) => Promise<string>][] = [
    ['the manifest (DATA_FILE)', async (dataFile) => dataFile],
    ['the lock file', async (dataFile) => `${dataFile}.lock`],
    ['a shard', firstShard],
    ['a journal file', firstJournal],
  ];
  for (const [what, pathOf] of linked) {
    it(`when ${what} is a symbolic link to another file, then start-up refuses with one line naming it, and shows nothing of the target`, async () => {
      const dataFile = await copyOf(template);
      const link = await pathOf(dataFile);
      await rm(link, { force: true });
      await symlink(secretFile, link);
      const { code, stderr } = await refusedStart(dataFile);
      expect(code).to.equal(1);
      expect(stderr.trim().split('\n'), stderr).to.have.length(1);
      expect(stderr).to.contain(`Refusing to start: ${link}: is a symbolic link`).and.not.contain(SECRET);
      expect((await lstat(link)).isSymbolicLink(), 'the link is left as it was').to.equal(true);
    });
  }

  it('when the shard folder (<DATA_FILE>.d) is a symbolic link to a copy of it, then start-up refuses naming it', async () => {
    const dataFile = await copyOf(template);
    const elsewhere = join(dataFile, '..', 'elsewhere.d');
    await rename(`${dataFile}.d`, elsewhere);
    await symlink(elsewhere, `${dataFile}.d`);
    const { code, stderr } = await refusedStart(dataFile);
    expect(code).to.equal(1);
    expect(stderr).to.contain(`Refusing to start: ${dataFile}.d: is a symbolic link`);
  });

  const damaged: [string, (dataFile: string) => Promise<string>, (text: string) => string, RegExp][] = [
    [
      'the manifest',
      async (dataFile) => dataFile,
      () => `${SECRET}\n`,
      /is not valid JSON, perhaps truncated \(at character 1\)/,
    ],
    [
      'a shard, in a record line',
      firstShard,
      (text) => text.replace(/\n"/, `\n${SECRET}"`),
      /is not valid JSON, perhaps truncated \(line 2: at character 1\)/,
    ],
    [
      'a shard of the compact form',
      firstShard,
      () => `{"k":{"value":${SECRET}}}`,
      /is not valid JSON, perhaps truncated \(at character 15\)/,
    ],
  ];
  for (const [what, pathOf, damage, problem] of damaged) {
    it(`when ${what} is not JSON, then start-up refuses naming the file and where, and shows nothing of it`, async () => {
      const dataFile = await copyOf(template);
      const file = await pathOf(dataFile);
      await writeFile(file, damage(await readFile(file, 'utf8')));
      const { code, stderr } = await refusedStart(dataFile);
      expect(code).to.equal(1);
      expect(stderr).to.contain(`Refusing to start: ${file}: `).and.match(problem).and.not.contain(SECRET);
    });
  }
});
