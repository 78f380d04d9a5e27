import { readFile, writeFile } from 'node:fs/promises';
import { expect } from 'chai';
import { DATA_FORMAT_VERSION } from '../../../src/store/lowdb/engine/data-format.js';
import { call } from '../../helpers/client.js';
import { refusedStart, startServerProcess, stop } from '../../helpers/process.js';
import { freshDataFile } from '../../helpers/service.js';

/**
 * lowdb files of a later data format than this build's (a rollback past an upgrade): used when their manifest says
 * builds of this version use them correctly (compatibleFrom), refused by name otherwise.
 */
const NEXT = DATA_FORMAT_VERSION + 1;
const manifestOf = (compatibleFrom: number) =>
  JSON.stringify({ format: `collab-lowdb-v${NEXT}`, version: NEXT, compatibleFrom, shards: 256 });

describe('lowdb files of a later data format', function () {
  this.timeout(120_000);

  it(`when the manifest of a later format says builds of version ${DATA_FORMAT_VERSION} use its files, then this build serves them, says so, and leaves the manifest as it is`, async () => {
    const dataFile = await freshDataFile();
    let server = await startServerProcess(dataFile);
    const before = await call(server.service, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } });
    expect(before.status).to.equal(200);
    await stop(server, 'SIGTERM');
    await writeFile(dataFile, manifestOf(DATA_FORMAT_VERSION));

    server = await startServerProcess(dataFile);
    try {
      expect(server.output()).to.contain(
        `is collab-lowdb-v${NEXT}, newer than this build knows (collab-lowdb-v${DATA_FORMAT_VERSION}); its manifest says builds of version ${DATA_FORMAT_VERSION} use it correctly (compatibleFrom), so this build runs on it`,
      );
      expect((await call(server.service, 'GET', '/api/streams/nav')).body).to.deep.equal(before.body);
      const patched = await call(server.service, 'PATCH', '/api/streams/nav', { body: { sort: 'alphabetical' } });
      expect(patched.status).to.equal(200);
      await stop(server, 'SIGTERM');
      server = await startServerProcess(dataFile);
      expect((await call(server.service, 'GET', '/api/streams/nav')).body).to.deep.equal(patched.body);
    } finally {
      await stop(server, 'SIGTERM');
    }
    expect(await readFile(dataFile, 'utf8')).to.equal(manifestOf(DATA_FORMAT_VERSION));
  });

  it(`when the manifest of a later format says only builds of version ${NEXT} use its files, then this build refuses them by name`, async () => {
    const dataFile = await freshDataFile();
    await writeFile(dataFile, manifestOf(NEXT));
    const refused = await refusedStart(dataFile);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.contain(
      `is data format collab-lowdb-v${NEXT} version ${NEXT}, which this build does not know`,
    );
  });
});
