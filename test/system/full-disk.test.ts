import { once } from 'node:events';
import { rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { shardNumber } from '../../src/store/lowdb/engine/shards.js';
import { keyOf } from '../../src/store/store.js';
import { call, type Reply } from '../helpers/client.js';
import type { LogLine } from '../helpers/logs.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { mountTmpfs, unmountTmpfs } from '../helpers/tmpfs.js';
import { needs } from '../helpers/needs.js';

const BLOB = 'x'.repeat(8 * 1024);
const WAVES = 4;
const WAVE = 30;

async function freeBytes(path: string): Promise<number> {
  const stats = await statfs(path);
  return stats.bavail * stats.bsize;
}

describe('a full disk (a real 4 MiB tmpfs)', function () {
  this.timeout(120_000);
  let mountPoint = '';

  before(async function () {
    const mounted = await mountTmpfs('4m');
    needs(this, mounted ? undefined : 'a tmpfs mount: run as root, where mount -t tmpfs works');
    if (!mounted) return;
    mountPoint = mounted;
  });
  after(async () => {
    if (mountPoint) await unmountTmpfs(mountPoint);
  });

  it('when concurrent writes pass the free space, then each is 200 and kept, or 503 and leaves no trace, and the service serves on and recovers', async () => {
    const dataFile = join(mountPoint, 'db.json');
    let server: ServerProcess = await startServerProcess(dataFile);
    const patch = (namespace: string) =>
      call(server.service, 'PATCH', `/api/identity/settings/${namespace}`, { body: { patch: { blob: BLOB } } });
    const filler = join(mountPoint, 'filler');
    try {
      // Leave room for about 36 of the 120 writes: the first wave fits, the rest cannot. The disk is filled before the
      // first write, so the journal holds no zeros ahead of its entries (ZERO_AHEAD_BYTES) for the writes to fill.
      await writeFile(filler, Buffer.alloc((await freeBytes(mountPoint)) - 320 * 1024));
      expect((await patch('before')).status).to.equal(200);

      const replies = new Map<string, Reply>();
      const write = async (prefix: string) => {
        for (let wave = 0; wave < WAVES; wave++) {
          const names = Array.from({ length: WAVE }, (_, index) => `${prefix}${wave}-${index}`);
          const answered = await Promise.all(names.map((name) => patch(name)));
          names.forEach((name, index) => replies.set(name, answered[index]!));
        }
      };
      await write('w');
      const statuses = [...replies.values()].map((reply) => reply.status);
      expect(
        statuses.filter((status) => status !== 200 && status !== 503),
        'only 200 or 503',
      ).to.deep.equal([]);
      expect(statuses.slice(0, WAVE), 'the first wave fits').to.deep.equal(Array(WAVE).fill(200));
      expect(statuses.filter((status) => status === 503).length, 'the disk filled up').to.be.greaterThan(WAVE);
      const refused = [...replies.values()].find((reply) => reply.status === 503)!;
      expect(refused.body).to.include({ type: 'urn:problem:collab:unavailable', status: 503 });
      expect(refused.headers.get('retry-after')).to.equal('5');

      expect((await call(server.service, 'GET', '/healthz')).status, 'serving throughout').to.equal(200);
      await expectKeptExactly(server, replies, 'at once');

      expect(await stop(server, 'SIGTERM'), 'a clean stop, even when its checkpoint cannot be written').to.equal(0);
      server = await startServerProcess(dataFile);
      await expectKeptExactly(server, replies, 'after a restart on the full disk');
      await write('again');
      await expectKeptExactly(server, replies, 'after more refused writes');

      await rm(filler);
      for (const [name, reply] of replies) {
        if (reply.status === 503) expect((await patch(name)).status, `${name} once space returns`).to.equal(200);
      }
      await stop(server, 'SIGKILL');
      server = await startServerProcess(dataFile);
      for (const name of replies.keys()) {
        expect((await call(server.service, 'GET', `/api/identity/settings/${name}`)).body.settings.blob, name).to.equal(
          BLOB,
        );
      }
    } finally {
      await stop(server, 'SIGKILL');
      await rm(filler, { force: true });
      await rm(`${dataFile}.d`, { recursive: true, force: true });
    }
  });

  it('when a write fails part way, then its bytes are cut off: the next write that fits is stored, and a restart reads the journal', async () => {
    const dataFile = join(mountPoint, 'cut', 'db.json');
    let server: ServerProcess = await startServerProcess(dataFile);
    const filler = join(mountPoint, 'filler');
    try {
      const patch = (namespace: string, blob: string) =>
        call(server.service, 'PATCH', `/api/identity/settings/${namespace}`, { body: { patch: { blob } } });
      await writeFile(filler, Buffer.alloc((await freeBytes(mountPoint)) - 110 * 1024)); // before any zeros ahead
      expect((await patch('before', BLOB)).status).to.equal(200);
      expect((await patch('big', 'y'.repeat(200 * 1024))).status, 'twice the free space').to.equal(503);
      for (let index = 0; index < 8; index++) {
        expect(
          (await patch(`small-${index}`, BLOB)).status,
          `small-${index} fits in the space the failed write gave back`,
        ).to.equal(200);
      }
      await rm(filler);
      await stop(server, 'SIGKILL');
      server = await startServerProcess(dataFile);
      expect((await call(server.service, 'GET', '/api/identity/settings/big')).status).to.equal(404);
      for (let index = 0; index < 8; index++) {
        expect(
          (await call(server.service, 'GET', `/api/identity/settings/small-${index}`)).body.settings.blob,
        ).to.equal(BLOB);
      }
    } finally {
      await stop(server, 'SIGKILL');
      await rm(filler, { force: true });
    }
  });
});

describe('checkpoints on a full disk (a real 2 MiB tmpfs)', function () {
  this.timeout(120_000);
  let mountPoint = '';

  before(async function () {
    const mounted = await mountTmpfs('2m');
    needs(this, mounted ? undefined : 'a tmpfs mount: run as root, where mount -t tmpfs works');
    if (!mounted) return;
    mountPoint = mounted;
  });
  after(async () => {
    if (mountPoint) await unmountTmpfs(mountPoint);
  });

  it('when checkpoints fail, then each is logged and counted, retried after 1 s then 2 s, /readyz is 503 past JOURNAL_MAX_BYTES, and 200 again once one succeeds', async () => {
    const dataFile = join(mountPoint, 'db.json');
    const filler = join(mountPoint, 'filler');
    const env = { JOURNAL_CHECKPOINT_BYTES: '32kb', JOURNAL_MAX_BYTES: '96kb', READINESS_STORE_GRACE: '0s' };
    // Namespaces of one shard: rewriting it takes more room than the disk will have, appending to the journal does not.
    const namespaces = Array.from({ length: 30_000 }, (_, index) => `n${index}`)
      .filter((name) => shardNumber(keyOf('local', name), 256) === 5)
      .slice(0, 40);
    let server = await startServerProcess(dataFile, env);
    const patch = (namespace: string, blob = BLOB) =>
      call(server.service, 'PATCH', `/api/identity/settings/${namespace}`, { body: { patch: { blob } } });
    const acknowledged = new Map<string, string>();
    try {
      for (const name of namespaces) expect((await patch(name)).status).to.equal(200);
      expect(await stop(server, 'SIGTERM')).to.equal(0); // every shard written: no checkpoint is under way when the disk fills
      server = await startServerProcess(dataFile, env);
      const { bavail, bsize } = await statfs(mountPoint);
      await writeFile(filler, Buffer.alloc(bavail * bsize - 200 * 1024));

      for (let index = 0; (await call(server.service, 'GET', '/readyz')).status === 200; index++) {
        expect(index, 'the journal passes 96 KiB within 40 writes').to.be.below(40);
        const name = namespaces[index % namespaces.length]!;
        const blob = `${BLOB}${index}`;
        if ((await patch(name, blob)).status === 200) acknowledged.set(name, blob); // 503 while a checkpoint fills the disk
      }
      const [notReady] = await waitForLine(server, (line) => line.route === '/readyz' && line.status === 503);
      expect(JSON.stringify(notReady!.err)).to.contain('JOURNAL_MAX_BYTES').and.contain('ENOSPC');
      const failures = await waitForLine(server, failedCheckpoint, 2);
      expect(failures.map((line) => [line.err.code, line.retryInMs])).to.deep.equal([
        ['ENOSPC', 1000],
        ['ENOSPC', 2000],
      ]);
      const metrics = String((await call(server.service, 'GET', '/metrics')).body);
      expect(Number(/^store_checkpoint_failures_total (\d+)$/m.exec(metrics)?.[1])).to.be.at.least(2);
      expect(Number(/^journal_bytes (\d+)$/m.exec(metrics)?.[1])).to.be.above(96 * 1024);

      expect(await stop(server, 'SIGTERM'), 'a clean stop, though its checkpoint fails').to.equal(0);
      const last = logLines(server).at(-1)!;
      expect(last.level).to.equal(40);
      expect(last.msg).to.match(
        /^Stopped: .*the final checkpoint failed \(ENOSPC.*the journal keeps every change, and the next start replays it$/,
      );

      server = await startServerProcess(dataFile, env); // still full: the start-up checkpoint fails too
      await waitForLine(server, failedCheckpoint);
      expect((await call(server.service, 'GET', '/readyz')).status).to.equal(503);
      await rm(filler);
      await waitForLine(server, (line) => /^Checkpoint written after/.test(line.msg));
      expect((await call(server.service, 'GET', '/readyz')).status).to.equal(200);
      expect(String((await call(server.service, 'GET', '/metrics')).body)).to.match(/^journal_bytes 0$/m);
      for (const [name, blob] of acknowledged)
        expect((await call(server.service, 'GET', `/api/identity/settings/${name}`)).body.settings.blob, name).to.equal(
          blob,
        );
      expect(await stop(server, 'SIGTERM')).to.equal(0);
      expect(logLines(server).at(-1)).to.include({
        level: 30,
        msg: 'Stopped: every request answered, the data file released',
      });
    } finally {
      await stop(server, 'SIGKILL');
      await rm(filler, { force: true });
    }
  });
});

const failedCheckpoint = (line: LogLine) => line.level === 50 && /^Checkpoint failed/.test(line.msg);

/** The JSON lines the server has written so far. */
function logLines(server: ServerProcess): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** Waits until `times` lines match (no deadline but the test's); resolves to them. */
async function waitForLine(server: ServerProcess, match: (line: LogLine) => boolean, times = 1): Promise<LogLine[]> {
  while (logLines(server).filter(match).length < times) await once(server.child.stdout!, 'data');
  return logLines(server).filter(match);
}

/** Every 200 is readable with its value; every 503 is not there at all. */
async function expectKeptExactly(server: ServerProcess, replies: Map<string, Reply>, when: string): Promise<void> {
  expect((await call(server.service, 'GET', '/api/identity/settings/before')).body.settings.blob, when).to.equal(BLOB);
  for (const [name, reply] of replies) {
    const read = await call(server.service, 'GET', `/api/identity/settings/${name}`);
    if (reply.status === 200) expect(read.body.settings?.blob, `${name} was acknowledged: kept ${when}`).to.equal(BLOB);
    else expect(read.status, `${name} was refused: no trace ${when}`).to.equal(404);
  }
}
