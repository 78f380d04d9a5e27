import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { recoverJournal } from '../../src/store/lowdb/operations/recover-journal.js';
import { changesOf, flipByte } from '../helpers/journal-damage.js';
import { crashImage, folderBytes } from '../helpers/journal-images.js';
import { needs } from '../helpers/needs.js';
import { freshDataFile } from '../helpers/service.js';
import { killedAtCall, straceMissing } from '../helpers/strace.js';

/** A logger that keeps what it is told. */
function heard(): { logger: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: pino({}, { write: (line: string) => lines.push(line) }), lines };
}

describe('lowdb start-up: a refusal comes before any change', () => {
  it('when a store of the release’s format holds a damaged journal, then start-up refuses and leaves its manifest as it was, never saying it upgraded it', async () => {
    const dataFile = join(await freshDataFile(), '..', 'v3', 'db.json');
    await cp('test/fixtures/lowdb/v3-journal', join(dataFile, '..'), { recursive: true });
    const path = `${dataFile}.d/journal/1.ndjson`;
    await flipByte(path, (await changesOf(path))[0]!.at + 2);
    const manifest = await readFile(dataFile, 'utf8');
    const { logger, lines } = heard();
    const refusal = await openLowdbStore(dataFile, { logger }).catch((error: unknown) => error);
    expect((refusal as Error).message).to.contain('nothing was changed');
    expect(await readFile(dataFile, 'utf8'), 'the manifest').to.equal(manifest);
    expect(lines.join('')).to.not.contain('Upgraded');
  });

  it('when temporary files lie in the shard folders and the journal folder, then a refused start leaves them, and a start removes them', async () => {
    const { dataFile, folder, path } = await crashImage();
    await mkdir(`${dataFile}.d/streams`);
    const left = [join(folder, '1.ndjson.4242.1.tmp'), `${dataFile}.d/streams/3.json.4242.2.tmp`];
    for (const file of left) await writeFile(file, 'half a rewrite');
    const line = (await changesOf(path))[3]!;
    await flipByte(path, line.at + 2);
    expect(await openLowdbStore(dataFile).catch((error: unknown) => error)).to.be.instanceOf(Error);
    for (const file of left) expect(existsSync(file), `${file} after a refusal`).to.equal(true);
    await flipByte(path, line.at + 2);
    const store = await openLowdbStore(dataFile);
    await store.close();
    for (const file of left) expect(existsSync(file), `${file} after a start`).to.equal(false);
  });

  it('when make recover-journal is killed before it renames its rewrite into place, then the journal is as it was, and it runs again to the end', async function () {
    needs(this, straceMissing());
    const { dataFile, folder, path } = await crashImage();
    await flipByte(path, (await changesOf(path))[3]!.at + 2);
    const before = await folderBytes(folder);
    const { signal } = await killedAtCall(
      ['rename', 'renameat', 'renameat2'],
      undefined, // its one rename: the rewrite's, into place
      [process.execPath, '--import', 'tsx', 'src/cli/recover-journal.ts'],
      { ...process.env, DATA_FILE: dataFile },
    );
    expect(signal).to.equal('SIGKILL');
    const names = await readdir(folder);
    expect(
      names.filter((name) => name.endsWith('.tmp')),
      'its rewrite, left',
    ).to.have.length(1);
    for (const [name, bytes] of before) expect((await readFile(join(folder, name))).equals(bytes), name).to.equal(true);

    const recovery = await recoverJournal(dataFile, 'again');
    expect(recovery).to.deep.include({ leftovers: 1, rewritten: [path] });
    expect(await readdir(folder)).to.deep.equal(['1.ndjson']);
    const store = await openLowdbStore(dataFile);
    expect(await store.get('identitySettings', 'k39')).to.not.equal(undefined);
    await store.close();
  });
});
