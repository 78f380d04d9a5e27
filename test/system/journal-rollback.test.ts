import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { Journal } from '../../src/store/lowdb/engine/journal.js';
import type { Op } from '../../src/store/lowdb/engine/record-text.js';
import { serialize } from '../../src/store/lowdb/engine/record-text.js';
import { AUTH_ENV, readBack } from '../helpers/dump.js';
import {
  checkOutEarlierBuild,
  EARLIER_BUILD,
  earlierBuildMissing,
  startEarlierServer,
  writeAll,
} from '../helpers/earlier-build.js';
import { crashCopy } from '../helpers/lowdb-files.js';
import { needs } from '../helpers/needs.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

/**
 * Writes the ops of the journal at `from` into a new journal at `into` in three files, as this build leaves them after
 * two rotations and a crash (it is never closed): two closed at their close marks, each begun with the open mark, the
 * newest in its zeros.
 */
async function inThreeFiles(from: string, into: string): Promise<void> {
  const ops: Op[] = [];
  await Journal.open(from, (op) => ops.push(op));
  const made = join(dirname(await freshDataFile()), 'journal');
  const { journal } = await Journal.open(made, () => {});
  for (const [index, op] of ops.entries()) {
    await journal.append([serialize(op, undefined)]);
    if (index === Math.floor(ops.length / 3) || index === Math.floor((2 * ops.length) / 3)) await journal.rotate();
  }
  expect(journal.files().map(({ number }) => number)).to.deep.equal([1, 2, 3]);
  await cp(made, into, { recursive: true });
  await journal.close();
}

describe(`a journal this build wrote, read by the build a rollback goes back to (${EARLIER_BUILD})`, function () {
  this.timeout(300_000);
  let earlier: string;
  const running: ServerProcess[] = [];

  before(async function () {
    needs(this, earlierBuildMissing());
    earlier = await checkOutEarlierBuild();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => stop(server, 'SIGKILL')));
  });
  after(async () => {
    if (earlier) await rm(earlier, { recursive: true, force: true });
  });

  it(`when this build left closed files at their close marks and the newest in its zeros, then ${EARLIER_BUILD} reads every record back, and this build what it wrote then`, async () => {
    const written = await freshDataFile();
    let server = await startServerProcess(written, AUTH_ENV);
    running.push(server);
    const reads = await writeAll(server.service);
    const values = await readBack(server.service, reads);
    await stop(server, 'SIGKILL');
    const dataFile = await crashCopy(written);
    await rm(`${dataFile}.d/journal`, { recursive: true });
    await inThreeFiles(`${written}.d/journal`, `${dataFile}.d/journal`);

    server = await startEarlierServer(earlier, dataFile, AUTH_ENV);
    running.push(server);
    expect(await readBack(server.service, reads)).to.deep.equal(values);
    reads.push(...(await writeAll(server.service)));
    const rewritten = await readBack(server.service, reads);
    await stop(server, 'SIGKILL');

    server = await startServerProcess(dataFile, AUTH_ENV);
    running.push(server);
    expect(await readBack(server.service, reads)).to.deep.equal(rewritten);
  });
});
