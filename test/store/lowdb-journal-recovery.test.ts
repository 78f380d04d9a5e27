import { readFile, readdir, stat, truncate, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { recoverJournal } from '../../src/store/lowdb/operations/recover-journal.js';
import {
  bytesNotInEntries,
  changesOf,
  cutAt,
  flipByte,
  linesOf,
  readableKeys,
  splitAfter,
  writeZeros,
} from '../helpers/journal-damage.js';
import { crashImage, folderBytes, journalOfThree } from '../helpers/journal-images.js';

/**
 * Each kind of damage, done to the first of the image's files: its one file, or its closed file when it is split in two
 * (a closed file and the newest); and whether the zeros at the end of the damaged file are its zeros ahead.
 */
const DAMAGES: [name: string, split: boolean, damage: (path: string) => Promise<void>, zerosAhead: boolean][] = [
  [
    'a run of zeros in the newest file',
    false,
    async (path) => writeZeros(path, (await changesOf(path))[10]!.at + 9, 4096),
    true,
  ],
  [
    'a run of zeros in a closed file',
    true,
    async (path) => writeZeros(path, (await changesOf(path))[3]!.at, 64),
    false,
  ],
  ['a flipped byte in an entry', false, async (path) => flipByte(path, (await changesOf(path))[5]!.at + 2), true],
  [
    'a closed file cut in the middle of a line',
    true,
    async (path) => cutAt(path, (await changesOf(path))[19]!.at + 9),
    false,
  ],
  [
    'a closed file cut at the end of a batch',
    true,
    async (path) => cutAt(path, (await linesOf(path)).at(-3)!.at),
    false,
  ],
  ['an empty closed file', true, async (path) => truncate(path, 0), false],
  ['a newest file of nothing but zeros', false, async (path) => writeZeros(path, 0, (await stat(path)).size), false],
];

describe('make recover-journal: every entry that can be read is kept', () => {
  for (const [name, split, damage, zerosAhead] of DAMAGES) {
    it(`when the journal holds ${name}, then the file is copied aside as it was, every readable change is kept, and the store opens`, async () => {
      const { dataFile, folder, path } = await crashImage();
      const files = split ? await splitAfter(folder, 20) : [path];
      const changed = files[0]!;
      await damage(changed);
      const damaged = await folderBytes(folder);
      const readable = (await Promise.all(files.map(readableKeys))).flat();
      const file = changed.slice(folder.length + 1);

      const recovery = await recoverJournal(dataFile, 'test');
      expect(recovery.aside).to.equal(`${dataFile}.damaged-test`);
      const aside = await folderBytes(join(recovery.aside!, 'journal'));
      expect([...aside.keys()], 'the damaged file').to.deep.equal([file]);
      expect(aside.get(file)!.equals(damaged.get(file)!), `${file} copied as it was`).to.equal(true);
      expect(recovery.rewritten).to.deep.equal([changed]);
      expect(recovery.changes, 'every change in a whole entry').to.equal(readable.length);
      expect(recovery.skipped.bytes, 'every byte but whole entries and the zeros ahead').to.equal(
        bytesNotInEntries(damaged.get(file)!, zerosAhead),
      );

      const store = await openLowdbStore(dataFile);
      const kept: string[] = [];
      for (let index = 0; index < 40; index++)
        if ((await store.get('identitySettings', `k${index}`)) !== undefined) kept.push(`k${index}`);
      await store.close();
      expect(kept.toSorted()).to.deep.equal([...new Set(readable)].toSorted());
    });
  }

  it('when a file is missing from the middle of the journal, then one holding nothing is written in its place, and the store opens with the rest', async () => {
    const { dataFile, path } = await journalOfThree();
    await unlink(path(2));
    const recovery = await recoverJournal(dataFile, 'test');
    expect(recovery).to.deep.include({ missing: [path(2)], rewritten: [], aside: undefined });
    expect((await readFile(path(2), 'utf8')).split('\n'), 'its open and close marks').to.deep.equal(['[]', '[]', '']);
    const store = await openLowdbStore(dataFile);
    const kept: string[] = [];
    for (let index = 0; index < 15; index++)
      if ((await store.get('identitySettings', `k${index}`)) !== undefined) kept.push(`k${index}`);
    await store.close();
    expect(kept).to.deep.equal(['k0', 'k1', 'k2', 'k3', 'k4', 'k10', 'k11', 'k12', 'k13', 'k14']);
  });

  it('when the journal reads whole, then nothing is copied or rewritten', async () => {
    const { dataFile, folder } = await crashImage();
    await splitAfter(folder, 20);
    const before = await folderBytes(folder);
    const recovery = await recoverJournal(dataFile, 'test');
    expect(recovery).to.deep.include({ aside: undefined, rewritten: [], missing: [], entries: 40, changes: 40 });
    expect(await folderBytes(folder)).to.deep.equal(before);
    expect(await readdir(dirname(dataFile))).to.not.include('db.json.damaged-test');
  });

  it('when a service owns the store, then it refuses and changes nothing', async () => {
    const { dataFile, folder } = await crashImage();
    const store = await openLowdbStore(dataFile);
    const before = await folderBytes(folder);
    const refusal = await recoverJournal(dataFile, 'test').catch((error: unknown) => error);
    expect((refusal as Error).message).to.match(/is in use by another process/);
    expect(await folderBytes(folder)).to.deep.equal(before);
    await store.close();
  });
});
