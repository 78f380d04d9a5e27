import { readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { Journal } from '../../src/store/lowdb/engine/journal.js';
import { PAGE_BYTES, ZERO_AHEAD_BYTES } from '../../src/store/lowdb/engine/journal-marks.js';
import { serialize } from '../../src/store/lowdb/engine/record-text.js';
import { linesOf, writeAt } from '../helpers/journal-damage.js';
import { crashImage, expectRefused, keys, replayed } from '../helpers/journal-images.js';
import { freshDataFile } from '../helpers/service.js';

const ghost = JSON.stringify([['identitySettings', 'ghost', { value: 'never acknowledged' }]]);

/** Where the newest file's entries end, and the next page boundary after it. */
async function endOf(path: string): Promise<{ end: number; page: number }> {
  const end = (await linesOf(path)).at(-1)!.at + 3;
  return { end, page: Math.ceil((end + 1) / PAGE_BYTES) * PAGE_BYTES };
}

describe("lowdb journal: what a crash leaves at the newest file's end is dropped", () => {
  it('when the newest file ends in zeros, in a line cut at a page, or in later pages of an unfinished append, then every batch before it replays', async () => {
    const image = await crashImage();
    expect(await replayed(image.folder)).to.deep.equal(keys(0, 40));

    const torn = await crashImage();
    const { end, page } = await endOf(torn.path);
    const line = `[["identitySettings","cut",{"value":"${'x'.repeat(PAGE_BYTES)}`;
    await writeAt(torn.path, end, line.slice(0, page - end)); // the append's first page reached the disk, no other
    expect(await replayed(torn.folder)).to.deep.equal(keys(0, 40));

    const later = await crashImage();
    const at = await endOf(later.path);
    await writeAt(later.path, at.page, `ached"}]]\n${ghost}\n[]\n`); // its second page did, its first did not
    expect(await replayed(later.folder)).to.deep.equal(keys(0, 40));
  });

  it('when a later page of an unfinished append is followed by the entries of a later batch, then it was no crash: opening refuses', async () => {
    const { folder, path } = await crashImage();
    const { end, page } = await endOf(path);
    await writeAt(path, page, `ue"}]]\n[]\n${ghost}\n[]\n`);
    await expectRefused(folder, path, end, /\d+ zero bytes, then entries of a later batch/);
  });

  it('when the newest file held a torn tail, then open says the bytes it drops, zeros included, and once open the file ends at its last entry and appends go on after it', async () => {
    const { folder, path } = await crashImage();
    const { end, page } = await endOf(path);
    await writeAt(path, page, `ached"}]]\n${ghost}\n[]\n`);
    const size = (await stat(path)).size;
    const { journal, unfinished } = await Journal.open(folder, () => {});
    expect(unfinished).to.deep.equal({ path, at: end, bytes: size - end, notZeros: ghost.length + 14 });
    await journal.cutTail();
    expect((await readFile(path)).length).to.equal(end);
    await journal.append([serialize(['identitySettings', 'next', { value: 2 }], undefined)]);
    await journal.close();
    expect(await replayed(folder)).to.deep.equal([...keys(0, 40), 'next']);
  });

  it('when appends pass the zeros filled ahead, then new ones are filled from where the synced entries end, never further: a crash leaves no more zeros at the end', async () => {
    const folder = join(dirname(await freshDataFile()), 'journal');
    const path = join(folder, '1.ndjson');
    const { journal } = await Journal.open(folder, () => {});
    await journal.append([serialize(['identitySettings', 'first', { value: 0 }], undefined)]);
    for (let index = 0; index < 4; index++) {
      const synced = journal.bytes;
      await journal.append([
        serialize(['identitySettings', `k${index}`, { value: 'x'.repeat(400 * 1024) }], undefined),
      ]);
      expect((await stat(path)).size, `after append ${index}`).to.be.at.most(
        Math.max(synced + ZERO_AHEAD_BYTES, journal.bytes),
      );
    }
    await journal.close();
  });

  it('when a crash came as the journal closed a file, its close mark written and its zeros not cut yet, then start-up cuts them, and the next file goes on', async () => {
    const { folder, path } = await crashImage();
    const end = (await linesOf(path)).at(-1)!.at + 3;
    await writeAt(path, end, '[]\n');
    const { journal } = await Journal.open(folder, () => {});
    await journal.cutTail();
    expect((await stat(path)).size).to.equal(end + 3);
    await journal.append([serialize(['identitySettings', 'next', { value: 2 }], undefined)]);
    await journal.close();
    expect(await replayed(folder)).to.deep.equal([...keys(0, 40), 'next']);
  });

  it('when a crash came as the journal made a file, before its open mark, then the file is made again from its open mark', async () => {
    const { folder, path } = await crashImage();
    const { journal: closing } = await Journal.open(folder, () => {});
    await closing.rotate();
    await writeFile(join(folder, '2.ndjson'), Buffer.alloc(PAGE_BYTES));
    const { journal } = await Journal.open(folder, () => {});
    await journal.append([serialize(['identitySettings', 'next', { value: 2 }], undefined)]);
    await journal.close();
    expect((await readFile(join(folder, '2.ndjson'), 'utf8')).split('\n').slice(0, 2)).to.deep.equal([
      '[]',
      `[${serialize(['identitySettings', 'next', { value: 2 }], undefined).text}]`,
    ]);
    expect(await replayed(folder)).to.deep.equal([...keys(0, 40), 'next']);
    expect(path).to.equal(join(folder, '1.ndjson'));
  });
});
