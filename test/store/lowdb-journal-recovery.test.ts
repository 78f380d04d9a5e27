import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { Journal } from '../../src/store/lowdb/engine/journal.js';
import { serialize } from '../../src/store/lowdb/engine/record-text.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { recoverJournal } from '../../src/store/lowdb/operations/recover-journal.js';
import {
  bytesNotInEntries,
  cutAt,
  flipByte,
  folderBytes,
  linesOf,
  readableKeys,
  splitAfter,
  writeZeros,
} from '../helpers/journal-damage.js';
import { crashCopy } from '../helpers/lowdb-files.js';
import { freshDataFile } from '../helpers/service.js';

const MANIFEST = '{"format":"collab-lowdb-v4","version":4,"shards":256}';

/** A store's files with 40 batches of one change each, as a crash leaves them; the journal's one file, or split in two. */
async function crashImage(split: boolean): Promise<{ dataFile: string; folder: string; files: string[] }> {
  const made = await freshDataFile();
  await mkdir(dirname(made), { recursive: true });
  await writeFile(made, MANIFEST);
  const { journal } = await Journal.open(`${made}.d/journal`, () => {});
  for (let index = 0; index < 40; index++)
    await journal.append([serialize(['identitySettings', `k${index}`, { value: index }], undefined)]);
  const dataFile = await crashCopy(made);
  await journal.close();
  const folder = `${dataFile}.d/journal`;
  const files = split ? await splitAfter(folder, 39) : [join(folder, '1.ndjson')];
  return { dataFile, folder, files };
}

/** Each kind of damage, done to the image (its one file, or its closed file and its newest). */
const DAMAGES: [name: string, split: boolean, damage: (files: string[]) => Promise<void>][] = [
  [
    'a run of zeros in the newest file',
    false,
    async ([path]) => writeZeros(path!, (await linesOf(path!))[20]!.at + 9, 4096),
  ],
  [
    'a run of zeros in a closed file',
    true,
    async ([closed]) => writeZeros(closed!, (await linesOf(closed!))[6]!.at, 64),
  ],
  ['a flipped byte in an entry', false, async ([path]) => flipByte(path!, (await linesOf(path!))[10]!.at + 2)],
  [
    'a closed file cut in the middle of a line',
    true,
    async ([closed]) => cutAt(closed!, (await linesOf(closed!))[38]!.at + 9),
  ],
];

describe('make recover-journal: every entry that can be read is kept', () => {
  for (const [name, split, damage] of DAMAGES) {
    it(`when the journal holds ${name}, then the files are copied aside as they were, every readable change is kept, and the store opens`, async () => {
      const { dataFile, folder, files } = await crashImage(split);
      await damage(files);
      const damaged = await folderBytes(folder);
      const readable = (await Promise.all(files.map(readableKeys))).flat();
      const notInEntries = [...damaged.values()].reduce(
        (sum, bytes, index) => sum + bytesNotInEntries(bytes, index === damaged.size - 1),
        0,
      );

      const recovery = await recoverJournal(dataFile, 'test');
      expect(recovery.aside).to.equal(`${dataFile}.damaged-test`);
      const aside = await folderBytes(join(recovery.aside!, 'journal'));
      expect(aside.size, 'the damaged file').to.equal(1);
      for (const [file, bytes] of aside)
        expect(bytes.equals(damaged.get(file)!), `${file} copied as it was`).to.equal(true);
      expect(recovery.rewritten.map((path) => path.slice(folder.length + 1))).to.deep.equal([...aside.keys()]);
      expect(recovery.changes, 'every change in a whole entry').to.equal(readable.length);
      expect(recovery.skipped.bytes, 'every byte but whole entries and the zeros ahead').to.equal(notInEntries);
      expect(recovery.skipped.bytes).to.be.above(0);

      const keys: string[] = [];
      const store = await openLowdbStore(dataFile);
      for (const key of readable) expect(await store.get('identitySettings', key), key).to.not.equal(undefined);
      for (let index = 0; index < 40; index++)
        if ((await store.get('identitySettings', `k${index}`)) !== undefined) keys.push(`k${index}`);
      await store.close();
      expect(keys.toSorted()).to.deep.equal([...new Set(readable)].toSorted());
    });
  }

  it('when the journal reads whole, then nothing is copied or rewritten', async () => {
    const { dataFile, folder } = await crashImage(true);
    const before = await folderBytes(folder);
    const recovery = await recoverJournal(dataFile, 'test');
    expect(recovery).to.deep.include({ aside: undefined, rewritten: [], entries: 40, changes: 40 });
    expect(await folderBytes(folder)).to.deep.equal(before);
    expect(await readdir(dirname(dataFile))).to.not.include('db.json.damaged-test');
  });

  it('when a service owns the store, then it refuses and changes nothing', async () => {
    const { dataFile, folder } = await crashImage(false);
    const store = await openLowdbStore(dataFile);
    const before = await folderBytes(folder);
    const refusal = await recoverJournal(dataFile, 'test').catch((error: unknown) => error);
    expect((refusal as Error).message).to.match(/is in use by another process/);
    expect(await folderBytes(folder)).to.deep.equal(before);
    await store.close();
  });
});
