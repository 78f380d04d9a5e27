import { mkdir, readdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { Journal } from '../../src/store/lowdb/engine/journal.js';
import { serialize } from '../../src/store/lowdb/engine/record-text.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { needs } from '../helpers/needs.js';
import { killedAtCall, straceMissing } from '../helpers/strace.js';
import { freshDataFile } from '../helpers/service.js';

const MANIFEST = '{"format":"collab-lowdb-v4","version":4,"shards":256}';

/** A store whose journal holds files 7 to 11 (as if a checkpoint had removed 1 to 6), each setting `k` to its number and `k-<n>`. */
async function journalOfFiveFiles(): Promise<string> {
  const dataFile = await freshDataFile();
  await mkdir(dirname(dataFile), { recursive: true });
  await writeFile(dataFile, MANIFEST);
  const folder = `${dataFile}.d/journal`;
  const { journal } = await Journal.open(folder, () => {});
  for (let number = 1; number <= 11; number++) {
    await journal.append([
      serialize(['identitySettings', 'k', { value: number }], undefined),
      serialize(['identitySettings', `k-${number}`, { value: number }], undefined),
    ]);
    if (number < 11) await journal.rotate();
  }
  await journal.close();
  for (let number = 1; number <= 6; number++) await unlink(join(folder, `${number}.ndjson`));
  return dataFile;
}

/**
 * The journal file at whose removal the kill comes: one that the folder lists after a newer file, so a removal in the
 * folder's order would have taken a newer file and left an older one (on ext4 the order follows a hash of the name).
 */
async function killedAt(folder: string): Promise<string> {
  const listed = (await readdir(folder)).map((name) => Number.parseInt(name, 10));
  const at = listed.findIndex((_, index) => Math.max(...listed.slice(0, index)) > Math.min(...listed.slice(index)));
  return join(folder, `${listed[Math.max(at, 0)]}.ndjson`);
}

describe('lowdb journal: a checkpoint killed while it removes journal files', function () {
  this.timeout(60_000);

  it('when the process is killed at the removal of a journal file, then the files left are the newest, and a restart reads every change back', async function () {
    needs(this, straceMissing());
    const dataFile = await journalOfFiveFiles();
    const folder = `${dataFile}.d/journal`;
    const victim = await killedAt(folder);
    // Opening replays the journal and checkpoints it: the shards take every change, then the files go.
    const script = `import { openLowdbStore } from './src/store/lowdb/lowdb-store.ts';
      await openLowdbStore(${JSON.stringify(dataFile)});
      console.log('opened');`;
    const { signal, output } = await killedAtCall(['unlink', 'unlinkat'], victim, [
      ...[process.execPath, '--import', 'tsx', '--input-type=module', '-e', script],
    ]);
    expect([signal, output], `killed at the removal of ${victim}`).to.deep.equal(['SIGKILL', '']);
    const left = (await readdir(folder)).map((name) => Number.parseInt(name, 10)).sort((a, b) => a - b);
    expect(left, 'the files left are the newest').to.deep.equal(
      Array.from({ length: 12 - left[0]! }, (_, index) => left[0]! + index),
    );

    const store = await openLowdbStore(dataFile);
    expect(await store.get('identitySettings', 'k'), 'the last change of k').to.equal(11);
    for (let number = 7; number <= 11; number++)
      expect(await store.get('identitySettings', `k-${number}`), `k-${number}`).to.equal(number);
    await store.close();
  });
});
