import { readdir, rename, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { Journal } from '../../src/store/lowdb/engine/journal.js';
import { MOST_ZEROS_AT_END, PAGE_BYTES, ZERO_AHEAD_BYTES } from '../../src/store/lowdb/engine/journal-marks.js';
import { serialize } from '../../src/store/lowdb/engine/record-text.js';
import { asEarlierBuild, changesOf, linesOf, writeZeros } from '../helpers/journal-damage.js';
import { crashImage, expectRefused, journalOfThree, keys, replayed } from '../helpers/journal-images.js';
import { freshDataFile } from '../helpers/service.js';

describe('lowdb journal: its files, closed and missing', () => {
  it('when the journal rotates with nothing appended since it last did, then it skips no number', async () => {
    const folder = join(dirname(await freshDataFile()), 'journal');
    const { journal } = await Journal.open(folder, () => {});
    await journal.append([serialize(['identitySettings', 'k0', { value: 0 }], undefined)]);
    expect([await journal.rotate(), await journal.rotate(), await journal.rotate()]).to.deep.equal([1, 1, 1]);
    await journal.append([serialize(['identitySettings', 'k1', { value: 1 }], undefined)]);
    await journal.close();
    expect(await readdir(folder)).to.have.members(['1.ndjson', '2.ndjson']);
    expect(await replayed(folder)).to.deep.equal(keys(0, 2));
  });

  it('when a closed file holds a run of zeros, or is cut in the middle of a line, then opening refuses, changing nothing', async () => {
    const zeros = await journalOfThree();
    const line = (await changesOf(zeros.path(2)))[2]!;
    await writeZeros(zeros.path(2), line.at, 64);
    await expectRefused(
      zeros.folder,
      zeros.path(2),
      line.at,
      /64 zero bytes, in a file the journal had closed at its close mark/,
    );
    const cut = await journalOfThree();
    const last = (await changesOf(cut.path(2))).at(-1)!;
    await truncate(cut.path(2), last.at + 9);
    await expectRefused(
      cut.folder,
      cut.path(2),
      last.at,
      new RegExp(`line ${last.line} is cut short, in a file the journal had closed`),
    );
  });

  it('when a file is missing from the middle of the journal, then opening refuses naming the file after it', async () => {
    const { folder, path } = await journalOfThree();
    await unlink(path(2));
    await expectRefused(folder, path(3), 0, /2\.ndjson is missing before it/);
  });

  it('when a closed file is empty, then opening refuses', async () => {
    const { folder, path } = await journalOfThree();
    await truncate(path(2), 0);
    await expectRefused(folder, path(2), 0, /an empty file, though the journal had moved on from it/);
  });

  it('when a closed file was cut at the end of a batch, its last batches and its close mark lost, then opening refuses', async () => {
    const { folder, path } = await journalOfThree();
    const lines = await linesOf(path(2));
    const end = lines.at(-4)!.at; // two batches, then the close mark, lost
    await truncate(path(2), end);
    await expectRefused(folder, path(2), end, /no close mark after its last batch/);
    await truncate(path(2), 0);
    await writeFile(
      path(2),
      lines
        .slice(0, -1)
        .map(({ text }) => `${text}\n`)
        .join(''),
    ); // the close mark alone
    await expectRefused(folder, path(2), lines.at(-1)!.at, /no close mark/);
  });

  it('when a file name is a number with a leading zero, which the journal never writes, then opening refuses naming it, and removes nothing', async () => {
    const { folder, path } = await journalOfThree();
    await rename(path(1), join(folder, '01.ndjson'));
    await expectRefused(folder, join(folder, '01.ndjson'), 0, /a name the journal never writes/);
    await writeFile(join(folder, '003.ndjson'), 'junk');
    await expectRefused(folder, join(folder, '003.ndjson'), 0, /a name the journal never writes/);
  });
});

describe('lowdb journal: journals of builds before the marks', () => {
  it('when a closed file ends in the zeros its build filled ahead and never cut, then the journal replays as before', async () => {
    const { folder, path } = await journalOfThree();
    for (const number of [1, 2, 3]) await asEarlierBuild(path(number), number === 3 ? 0 : ZERO_AHEAD_BYTES);
    expect(await replayed(folder)).to.deep.equal(keys(0, 15));
    await asEarlierBuild(path(3), ZERO_AHEAD_BYTES);
    expect(await replayed(folder), 'the newest too').to.deep.equal(keys(0, 15));
  });

  it('when this build’s file, which a crash left in zeros, was closed by an earlier build (a rollback), then the journal replays', async () => {
    const { folder, path } = await journalOfThree();
    await asEarlierBuild(path(3));
    await truncate(path(2), (await stat(path(2))).size - 3); // no close mark: the earlier build moved on without one
    await writeFile(path(2), Buffer.alloc(ZERO_AHEAD_BYTES), { flag: 'a' });
    expect(await replayed(folder)).to.deep.equal(keys(0, 15));
  });

  it('when a closed file of an earlier build ends in more zeros than it filled ahead, then opening refuses', async () => {
    const { folder, path } = await journalOfThree();
    for (const number of [1, 2, 3]) await asEarlierBuild(path(number), number === 2 ? MOST_ZEROS_AT_END + 1 : 0);
    const end = (await linesOf(path(2))).at(-1)!.at + (await linesOf(path(2))).at(-1)!.text.length + 1;
    await expectRefused(folder, path(2), end, /zero bytes to the end of the file, more than a crash leaves/);
  });

  it('when the newest file of an earlier build holds a page of zeros with whole entries after them, then opening refuses', async () => {
    const { folder, path } = await crashImage(80);
    await asEarlierBuild(path, ZERO_AHEAD_BYTES);
    const cut = (await linesOf(path)).filter((line) => line.at <= PAGE_BYTES).at(-1)!;
    await writeZeros(path, PAGE_BYTES, PAGE_BYTES); // with no end marks, what follows may be a later batch, or not
    await expectRefused(folder, path, cut.at, /then whole entries after zeros, in a file without end marks/);
  });
});
