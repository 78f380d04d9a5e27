import { mkdir, open, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { Journal, type Op } from '../../src/store/lowdb/engine/journal.js';
import { serialize } from '../../src/store/lowdb/engine/record-text.js';
import { DataFileError } from '../../src/store/lowdb/engine/durable-json-file.js';
import { cutAt, flipByte, folderBytes, linesOf, splitAfter, writeZeros } from '../helpers/journal-damage.js';
import { crashCopy } from '../helpers/lowdb-files.js';
import { freshDataFile } from '../helpers/service.js';

const MANIFEST = '{"format":"collab-lowdb-v4","version":4,"shards":256}';
const BATCHES = 40;

/** A store's files holding `BATCHES` batches of one change each (key k0, k1, …), as a crash leaves them: the journal's one file with zeros ahead. */
async function crashImage(): Promise<{ dataFile: string; folder: string; path: string }> {
  const made = await freshDataFile();
  await mkdir(dirname(made), { recursive: true });
  await writeFile(made, MANIFEST);
  const { journal } = await Journal.open(`${made}.d/journal`, () => {});
  for (let index = 0; index < BATCHES; index++)
    await journal.append([
      serialize(['identitySettings', `k${index}`, { value: { index, text: 'x'.repeat(150) } }], undefined),
    ]);
  const dataFile = await crashCopy(made);
  await journal.close();
  const folder = `${dataFile}.d/journal`;
  return { dataFile, folder, path: join(folder, (await readdir(folder))[0]!) };
}

/** The keys a journal folder replays, or the refusal. */
async function replayed(folder: string): Promise<string[]> {
  const keys: string[] = [];
  await Journal.open(folder, ([, key]: Op) => keys.push(key));
  return keys;
}

/** Opening refuses with one message naming `path` and `at`, and the files are as they were. */
async function expectRefused(folder: string, path: string, at: number, what: RegExp): Promise<void> {
  const before = await folderBytes(folder);
  const error = await replayed(folder).then(
    () => expect.fail('opened'),
    (refusal: unknown) => refusal,
  );
  expect(error).to.be.instanceOf(DataFileError);
  const message = (error as Error).message;
  expect(message)
    .to.match(new RegExp(`^${path}: at byte ${at}, `))
    .and.match(what);
  expect(message).to.contain('nothing was changed').and.contain('make recover-journal').and.not.contain('\n');
  expect(await folderBytes(folder), 'the journal files are unchanged').to.deep.equal(before);
}

const keys = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => `k${from + index}`);

describe('lowdb journal: damage is refused, naming the file and the byte', () => {
  it('when a run of zeros stands in the middle of the newest file and batches follow it, then opening refuses, changing nothing', async () => {
    const { folder, path } = await crashImage();
    const lines = await linesOf(path);
    await writeZeros(path, lines[20]!.at, 300); // batch 10's change, its end mark, and into batch 11's
    await expectRefused(folder, path, lines[20]!.at, /300 zero bytes, then entries of a later batch/);
  });

  it('when zeros start in the middle of a line of the newest file, then the byte named is where that line starts', async () => {
    const { folder, path } = await crashImage();
    const lines = await linesOf(path);
    await writeZeros(path, lines[20]!.at + 40, 4096);
    await expectRefused(folder, path, lines[20]!.at, /line 21 is cut short, then entries of a later batch/);
  });

  it('when a byte of an entry of the newest file is flipped, then opening refuses, whether entries follow or not', async () => {
    const { folder, path } = await crashImage();
    const lines = await linesOf(path);
    await flipByte(path, lines[10]!.at + 2); // the `"` before the collection's name
    await expectRefused(folder, path, lines[10]!.at, /line 11 is not a journal entry: the journal is damaged/);
    const last = await crashImage();
    const lastLines = await linesOf(last.path);
    await flipByte(last.path, lastLines.at(-2)!.at + 2);
    await expectRefused(last.folder, last.path, lastLines.at(-2)!.at, /line 79 is not a journal entry/);
  });

  it('when a closed file holds a run of zeros, or is cut in the middle of a line, then opening refuses, changing nothing', async () => {
    const zeros = await crashImage();
    const [closed] = await splitAfter(zeros.folder, 39);
    const lines = await linesOf(closed);
    await writeZeros(closed, lines[6]!.at, 64);
    await expectRefused(zeros.folder, closed, lines[6]!.at, /64 zero bytes, in a file the journal had closed/);

    const cut = await crashImage();
    const [cutClosed] = await splitAfter(cut.folder, 39);
    const cutLines = await linesOf(cutClosed);
    await cutAt(cutClosed, cutLines[38]!.at + 30);
    await expectRefused(
      cut.folder,
      cutClosed,
      cutLines[38]!.at,
      /line 39 is cut short, in a file the journal had closed/,
    );
  });
});

describe("lowdb journal: what a crash leaves at the newest file's end is dropped", () => {
  it('when the newest file ends in zeros, a line cut short, or later pages of an unfinished append, then every batch before it replays', async () => {
    const image = await crashImage();
    expect(await replayed(image.folder)).to.deep.equal(keys(0, BATCHES));

    const torn = await crashImage();
    const end = (await linesOf(torn.path)).at(-1)!;
    const file = await open(torn.path, 'r+');
    await file.write('[["identitySettings","cut",{"val', end.at + 3, 'utf8');
    await file.close();
    expect(await replayed(torn.folder)).to.deep.equal(keys(0, BATCHES));
  });

  it('when a later page of an unfinished append is followed by the entries of a later batch, then it was no crash: opening refuses', async () => {
    const { folder, path } = await crashImage();
    const end = (await linesOf(path)).at(-1)!.at + 3;
    const later = `ue"}]]\n[]\n${JSON.stringify([['identitySettings', 'after', { value: 1 }]])}\n[]\n`;
    const file = await open(path, 'r+');
    await file.write(later, end + 4096, 'utf8');
    await file.close();
    await expectRefused(folder, path, end, /\d+ zero bytes, then entries of a later batch/);
  });

  it('when the newest file held a torn tail, then once open it ends at its last entry, and a later start reads it as a closed file', async () => {
    const { dataFile, folder, path } = await crashImage();
    const end = (await linesOf(path)).at(-1)!.at + 3;
    const file = await open(path, 'r+');
    await file.write('[["identitySettings","cut"', end, 'utf8');
    await file.close();
    const { journal } = await Journal.open(folder, () => {});
    await journal.cutTail();
    expect((await folderBytes(folder)).get('1.ndjson')!.length).to.equal(end);
    await journal.append([serialize(['identitySettings', 'next', { value: 2 }], undefined)]);
    await journal.close();
    expect(await replayed(folder), dataFile).to.deep.equal([...keys(0, BATCHES), 'next']);
  });

  it('when a journal file was written before batches had end marks, then it replays as before', async () => {
    const { folder, path } = await crashImage();
    const text = (await linesOf(path)).filter((line) => line.text !== '[]');
    await writeFile(path, text.map((line) => `${line.text}\n`).join(''));
    expect(await replayed(folder)).to.deep.equal(keys(0, BATCHES));
  });
});
