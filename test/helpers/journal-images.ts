import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { DataFileError } from '../../src/store/lowdb/engine/durable-json-file.js';
import { Journal } from '../../src/store/lowdb/engine/journal.js';
import type { Op } from '../../src/store/lowdb/engine/record-text.js';
import { serialize } from '../../src/store/lowdb/engine/record-text.js';
import { crashCopy } from './lowdb-files.js';
import { freshDataFile } from './service.js';

// Journals made by this build as a crash leaves them, and what opening them does.

const MANIFEST = '{"format":"collab-lowdb-v4","version":4,"shards":256}';

/**
 * A store's files holding `batches` batches of one change each (key k0, k1, …), as a crash leaves them: the journal's
 * one file, `1.ndjson`, its open mark first and zeros ahead of its entries last.
 */
export async function crashImage(batches = 40): Promise<{ dataFile: string; folder: string; path: string }> {
  const made = await freshDataFile();
  await mkdir(dirname(made), { recursive: true });
  await writeFile(made, MANIFEST);
  const { journal } = await Journal.open(`${made}.d/journal`, () => {});
  for (let index = 0; index < batches; index++)
    await journal.append([
      serialize(['identitySettings', `k${index}`, { value: { index, text: 'x'.repeat(150) } }], undefined),
    ]);
  const dataFile = await crashCopy(made);
  await journal.close();
  const folder = `${dataFile}.d/journal`;
  return { dataFile, folder, path: join(folder, '1.ndjson') };
}

/** A journal of three files as a crash leaves them: 1 and 2 closed at their close marks, 3 the newest; five batches each. */
export async function journalOfThree(): Promise<{
  dataFile: string;
  folder: string;
  path: (number: number) => string;
}> {
  const made = await freshDataFile();
  await mkdir(dirname(made), { recursive: true });
  await writeFile(made, MANIFEST);
  const { journal } = await Journal.open(`${made}.d/journal`, () => {});
  for (let index = 0; index < 15; index++) {
    await journal.append([serialize(['identitySettings', `k${index}`, { value: index }], undefined)]);
    if (index === 4 || index === 9) await journal.rotate();
  }
  const dataFile = await crashCopy(made);
  const folder = `${dataFile}.d/journal`;
  await journal.close();
  return { dataFile, folder, path: (number) => join(folder, `${number}.ndjson`) };
}

/** The keys a journal folder replays, in order, or the refusal. */
export async function replayed(folder: string): Promise<string[]> {
  const keys: string[] = [];
  await Journal.open(folder, ([, key]: Op) => keys.push(key));
  return keys;
}

/** Opening refuses with one message naming `path` and `at`, and the files are as they were. */
export async function expectRefused(folder: string, path: string, at: number, what: RegExp): Promise<void> {
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

/** The keys k<from> to k<to - 1>. */
export const keys = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => `k${from + index}`);

/** Every file of a journal folder and its bytes. */
export async function folderBytes(folder: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const name of (await readdir(folder)).sort()) files.set(name, await readFile(join(folder, name)));
  return files;
}
