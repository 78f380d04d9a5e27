import { rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { call, type Reply } from './helpers/client.js';
import { startServerProcess, stop, type ServerProcess } from './helpers/process.js';
import { mountTmpfs, unmountTmpfs } from './helpers/tmpfs.js';

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
    if (!mounted) return this.skip();
    mountPoint = mounted;
  });
  after(async () => {
    if (mountPoint) await unmountTmpfs(mountPoint);
  });

  it('when concurrent writes pass the free space, then each is 200 and kept, or 503 and leaves no trace, and the service serves on and recovers', async () => {
    const dataFile = join(mountPoint, 'db.json');
    let server: ServerProcess = await startServerProcess(dataFile);
    const patch = (namespace: string) => call(server.service, 'PATCH', `/api/identity/settings/${namespace}`, { body: { patch: { blob: BLOB } } });
    const filler = join(mountPoint, 'filler');
    try {
      expect((await patch('before')).status).to.equal(200);
      // Leave room for about 36 of the 120 writes: the first wave fits, the rest cannot.
      await writeFile(filler, Buffer.alloc((await freeBytes(mountPoint)) - 300 * 1024));

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
      expect(statuses.filter((status) => status !== 200 && status !== 503), 'only 200 or 503').to.deep.equal([]);
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
        expect((await call(server.service, 'GET', `/api/identity/settings/${name}`)).body.settings.blob, name).to.equal(BLOB);
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
      const patch = (namespace: string, blob: string) => call(server.service, 'PATCH', `/api/identity/settings/${namespace}`, { body: { patch: { blob } } });
      expect((await patch('before', BLOB)).status).to.equal(200);
      await writeFile(filler, Buffer.alloc((await freeBytes(mountPoint)) - 100 * 1024));
      expect((await patch('big', 'y'.repeat(200 * 1024))).status, 'twice the free space').to.equal(503);
      for (let index = 0; index < 8; index++) {
        expect((await patch(`small-${index}`, BLOB)).status, `small-${index} fits in the space the failed write gave back`).to.equal(200);
      }
      await rm(filler);
      await stop(server, 'SIGKILL');
      server = await startServerProcess(dataFile);
      expect((await call(server.service, 'GET', '/api/identity/settings/big')).status).to.equal(404);
      for (let index = 0; index < 8; index++) {
        expect((await call(server.service, 'GET', `/api/identity/settings/small-${index}`)).body.settings.blob).to.equal(BLOB);
      }
    } finally {
      await stop(server, 'SIGKILL');
      await rm(filler, { force: true });
    }
  });
});

/** Every 200 is readable with its value; every 503 is not there at all. */
async function expectKeptExactly(server: ServerProcess, replies: Map<string, Reply>, when: string): Promise<void> {
  expect((await call(server.service, 'GET', '/api/identity/settings/before')).body.settings.blob, when).to.equal(BLOB);
  for (const [name, reply] of replies) {
    const read = await call(server.service, 'GET', `/api/identity/settings/${name}`);
    if (reply.status === 200) expect(read.body.settings?.blob, `${name} was acknowledged: kept ${when}`).to.equal(BLOB);
    else expect(read.status, `${name} was refused: no trace ${when}`).to.equal(404);
  }
}
