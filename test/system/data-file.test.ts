import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { refusedStart, startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';
import { mountTmpfs, unmountTmpfs } from '../helpers/tmpfs.js';
import { needs } from '../helpers/needs.js';

const MANIFEST = '{"format":"collab-lowdb-v3","shards":1024}';

describe('one owner per data file', () => {
  it('when a second process starts on a file in use, then it refuses and names the owner', async () => {
    const dataFile = await freshDataFile();
    const owner = await startServerProcess(dataFile);
    try {
      const second = await refusedStart(dataFile);
      expect(second.code).to.equal(1);
      expect(second.stderr).to.contain(`${dataFile}: is in use by another process (pid ${owner.child.pid})`);
      expect((await call(owner.service, 'GET', '/healthz')).status, 'the owner still serves').to.equal(200);
    } finally {
      await stop(owner, 'SIGTERM');
    }
  });

  it('when the owner was killed with SIGKILL, then its stale lock does not block a restart', async () => {
    const dataFile = await freshDataFile();
    const first = await startServerProcess(dataFile);
    await call(first.service, 'PATCH', '/api/streams/nav', { body: { sort: 'kept' } });
    await stop(first, 'SIGKILL');
    expect(existsSync(`${dataFile}.lock`), 'the killed process left its lock').to.equal(true);
    const second = await startServerProcess(dataFile);
    try {
      expect((await call(second.service, 'GET', '/api/streams/nav')).body.sort).to.equal('kept');
    } finally {
      expect(await stop(second, 'SIGTERM')).to.equal(0);
    }
    const third = await startServerProcess(dataFile);
    expect(await stop(third, 'SIGTERM'), 'a clean stop releases the lock').to.equal(0);
  });

  it('when a second process starts in another PID namespace (another container on the volume), then it refuses too', async () => {
    const dataFile = await freshDataFile();
    const owner = await startServerProcess(dataFile);
    try {
      const second = await refusedStart(dataFile, {}, ['unshare', '--pid', '--fork', '--mount-proc']);
      expect(second.code).to.equal(1);
      expect(second.stderr).to.contain(`${dataFile}: is in use by another process (pid ${owner.child.pid})`);
      expect(
        (await call(owner.service, 'PATCH', '/api/streams/nav', { body: { sort: 'still-mine' } })).status,
        'the owner still serves',
      ).to.equal(200);
    } finally {
      await stop(owner, 'SIGTERM');
    }
  });
});

describe('a damaged data file', () => {
  const cases: [name: string, file: (dataFile: string) => string, content: string, problem: RegExp][] = [
    ['a truncated manifest', (f) => f, MANIFEST.slice(0, 20), /is not valid JSON, perhaps truncated/],
    ['a manifest that is not JSON', (f) => f, 'hello', /is not valid JSON/],
    ['a manifest of the wrong shape', (f) => f, '{"streams":{}}', /is JSON but not a collab-lowdb-v4 manifest/],
    ['an empty manifest', (f) => f, '', /is not valid JSON/],
    ['a truncated shard', (f) => `${f}.d/streams/7.json`, '{"a":{"id":', /is not valid JSON, perhaps truncated/],
    [
      'a shard of the wrong shape',
      (f) => `${f}.d/devices/3.json`,
      '[1,2]',
      /is JSON but not a JSON object of stored records/,
    ],
    [
      "a shard past the manifest's shard count",
      (f) => `${f}.d/devices/1024.json`,
      '{}',
      /the manifest says there are 1024 shards/,
    ],
    [
      'a record in the wrong shard (the shard count was edited)',
      (f) => `${f}.d/navigation/0.json`,
      '{"local":{"value":{}}}',
      /belongs in another shard of 1024/,
    ],
    [
      'a journal line that is not an entry, before the last',
      (f) => `${f}.d/journal/1.ndjson`,
      '{"x":1}\n[]\n',
      /line 1 is not a journal entry/,
    ],
  ];
  for (const [name, fileOf, content, problem] of cases) {
    it(`when it is ${name}, then start-up stops naming the file and the problem, and the file is untouched`, async () => {
      const dataFile = await freshDataFile();
      const damaged = fileOf(dataFile);
      await mkdir(dirname(damaged), { recursive: true });
      if (damaged !== dataFile) await writeFile(dataFile, MANIFEST);
      await writeFile(damaged, content);
      const { code, stderr } = await refusedStart(dataFile);
      expect(code).to.equal(1);
      expect(stderr).to.contain(`Refusing to start: ${damaged}:`).and.match(problem);
      expect(await readFile(damaged, 'utf8')).to.equal(content);
    });
  }

  it('when shard files exist but the manifest is missing, then start-up stops', async () => {
    const dataFile = await freshDataFile();
    await mkdir(`${dataFile}.d/streams`, { recursive: true });
    await writeFile(`${dataFile}.d/streams/1.json`, '{}');
    const { code, stderr } = await refusedStart(dataFile);
    expect(code).to.equal(1);
    expect(stderr).to.contain('holds shard files but the manifest beside it is missing');
    expect(existsSync(dataFile)).to.equal(false);
  });

  it("when the journal's last line was cut short by a crash, then it is ignored and the rest is read", async () => {
    const dataFile = await freshDataFile();
    await mkdir(`${dataFile}.d/journal`, { recursive: true });
    await writeFile(dataFile, MANIFEST);
    await writeFile(
      `${dataFile}.d/journal/1.ndjson`,
      '[["navigation","local",{"value":{"sort":"kept","updatedAt":"2026-01-01T00:00:00.000Z"}}]]\n[["navigation","local",{"val',
    );
    const server = await startServerProcess(dataFile);
    try {
      expect((await call(server.service, 'GET', '/api/streams/nav')).body.sort).to.equal('kept');
    } finally {
      await stop(server, 'SIGTERM');
    }
  });
});

describe('a data folder the service cannot use', function () {
  this.timeout(60_000);
  const oneClearLine = (stderr: string, problem: RegExp) => {
    expect(stderr.trim().split('\n'), stderr).to.have.length(1);
    expect(stderr)
      .to.match(/^Refusing to start: /)
      .and.match(problem);
    expect(stderr).not.to.match(/\n\s+at /);
  };

  it('when the data folder is on a read-only file system, then start-up stops with one clear line', async function () {
    const mountPoint = await mountTmpfs('1m', { readOnly: true });
    needs(this, mountPoint ? undefined : 'a read-only tmpfs mount: run as root, where mount -t tmpfs works');
    if (!mountPoint) return;
    try {
      const { code, stderr } = await refusedStart(join(mountPoint, 'db.json'));
      expect(code).to.equal(1);
      oneClearLine(stderr, /EROFS/);
    } finally {
      await unmountTmpfs(mountPoint);
    }
  });

  for (const dataFile of ['/proc/no-such-dir/db.json', '/proc/db.json', '/sys/db.json']) {
    it(`when DATA_FILE is ${dataFile}, where no folder can be made, then start-up stops at once with one clear line`, async function () {
      this.timeout(10_000); // Node's recursive mkdir used to spin here for ever
      const { code, stderr } = await refusedStart(dataFile);
      expect(code).to.equal(1);
      oneClearLine(stderr, /cannot be created \((ENOENT|EPERM|EACCES)/);
    });
  }

  it('when DATA_FILE is a named pipe, then start-up stops with one clear line instead of waiting for a writer', async function () {
    this.timeout(10_000);
    const dataFile = await freshDataFile();
    await mkdir(dirname(dataFile), { recursive: true });
    execFileSync('mkfifo', [dataFile]);
    const { code, stderr } = await refusedStart(dataFile);
    expect(code).to.equal(1);
    oneClearLine(stderr, /is not a regular file/);
  });

  it('when the data folder cannot be made (a file is in the way), then start-up stops with one clear line', async () => {
    const blocker = await freshDataFile();
    await writeFile(blocker, 'not a folder');
    const { code, stderr } = await refusedStart(join(blocker, 'db.json'));
    expect(code).to.equal(1);
    oneClearLine(stderr, /ENOTDIR/);
  });
});
