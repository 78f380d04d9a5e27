import { stat, truncate } from 'node:fs/promises';
import { expect } from 'chai';
import { MOST_ZEROS_AT_END, PAGE_BYTES } from '../../src/store/lowdb/engine/journal-marks.js';
import { changesOf, flipByte, linesOf, writeZeros } from '../helpers/journal-damage.js';
import { crashImage, expectRefused } from '../helpers/journal-images.js';

type Lines = { at: number; text: string; line: number }[];

/** Damage no crash leaves in the newest file: what it does, and the byte and the words the refusal names. */
const DAMAGES: [name: string, damage: (path: string, changes: Lines) => Promise<{ at: number; what: RegExp }>][] = [
  [
    'one zero byte inside the last batch',
    async (path, changes) => {
      await writeZeros(path, changes.at(-1)!.at + 30, 1);
      return { at: changes.at(-1)!.at, what: /line 80 is cut short, then zeros that start inside a line and a page/ };
    },
  ],
  [
    'the newline after the last batch’s changes turned into a zero',
    async (path, changes) => {
      const last = changes.at(-1)!;
      await writeZeros(path, last.at + Buffer.byteLength(last.text), 1);
      return { at: last.at, what: /line 80 is cut short, then zeros that start inside a line and a page/ };
    },
  ],
  [
    '300 zero bytes in the middle, ending inside a page',
    async (path, changes) => {
      await writeZeros(path, changes[10]!.at, 300);
      return { at: changes[10]!.at, what: /at byte \d+, 300 zero bytes that end inside a page \(byte \d+\)/ };
    },
  ],
  [
    'the span of the last batch but one zeroed, its end mark included',
    async (path, changes) => {
      const [before, last] = changes.slice(-2);
      if (last!.at % PAGE_BYTES === 0) throw new Error('the span ends on a page: pick another batch');
      await writeZeros(path, before!.at, last!.at - before!.at);
      return { at: before!.at, what: new RegExp(`${last!.at - before!.at} zero bytes that end inside a page`) };
    },
  ],
  [
    'the whole file zeroed',
    async (path) => {
      await writeZeros(path, 0, (await stat(path)).size);
      return { at: 0, what: /at byte 0, \d+ zero bytes to the end of the file, and nothing else/ };
    },
  ],
  [
    'zeros to its end past those the journal fills ahead',
    async (path) => {
      const end = (await linesOf(path)).at(-1)!.at + 3;
      await truncate(path, end + MOST_ZEROS_AT_END + 1);
      return { at: end, what: new RegExp(`at byte ${end}, ${MOST_ZEROS_AT_END + 1} zero bytes to the end`) };
    },
  ],
];

describe('lowdb journal: damage in the newest file is refused, naming the file and the byte', () => {
  for (const [name, damage] of DAMAGES) {
    it(`when the newest file holds ${name}, which no crash leaves, then opening refuses, changing nothing`, async () => {
      const { folder, path } = await crashImage();
      const { at, what } = await damage(path, await changesOf(path));
      await expectRefused(folder, path, at, what);
    });
  }

  it('when a page of zeros stands in the middle of the newest file and batches follow it, then opening refuses', async () => {
    const { folder, path } = await crashImage(80);
    const cut = (await linesOf(path)).filter((line) => line.at <= PAGE_BYTES).at(-1)!;
    await writeZeros(path, PAGE_BYTES, PAGE_BYTES);
    expect(cut.at, 'the page starts inside a line').to.be.below(PAGE_BYTES);
    await expectRefused(folder, path, cut.at, /line \d+ is cut short, then entries of a later batch/);
  });

  it('when zeros start in the middle of a line of the newest file, then the byte named is where that line starts', async () => {
    const { folder, path } = await crashImage();
    const line = (await changesOf(path))[10]!;
    await writeZeros(path, line.at + 40, PAGE_BYTES);
    await expectRefused(folder, path, line.at, /line 22 is cut short, then zeros that start inside a line and a page/);
  });

  it('when a byte of an entry of the newest file is flipped, then opening refuses, whether entries follow or not', async () => {
    const { folder, path } = await crashImage();
    const line = (await changesOf(path))[5]!;
    await flipByte(path, line.at + 2); // the `"` before the collection's name
    await expectRefused(folder, path, line.at, /line 12 is not a journal entry: the journal is damaged/);
    const last = await crashImage();
    const lastLine = (await changesOf(last.path)).at(-1)!;
    await flipByte(last.path, lastLine.at + 2);
    await expectRefused(last.folder, last.path, lastLine.at, /line 80 is not a journal entry/);
  });
});
