import { open, readdir, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { syncDirectory } from '../../files/folders.js';
import { FILE_MODE } from '../../files/modes.js';
import { writeAll } from './journal-lines.js';
import { MARK_LINE } from './journal-marks.js';
import { damagedJournal } from './journal-tail.js';

// The journal's files by name: which there are, in number order, their making and cutting, and their removal, oldest first.

/** A name the journal writes: its number in decimal, without leading zeros. */
const JOURNAL_NAME = /^(0|[1-9]\d*)\.ndjson$/;
/** A name like one, which the journal never writes (`010.ndjson`): no file of the journal, and not to be taken for one. */
const LIKE_A_JOURNAL_NAME = /^\d+\.ndjson$/;
/** What an interrupted make recover-journal leaves (writeDurably's temporary files). */
const LEFT_BY_RECOVERY = /^(0|[1-9]\d*)\.ndjson\.\d+\.\d+\.tmp$/;

/** The path of journal file `number` in `folder`. */
export const journalPath = (folder: string, number: number) => join(folder, `${number}.ndjson`);

/**
 * The numbers of the journal files in `folder` (`<n>.ndjson`), in number order (never the folder's: on ext4 that
 * follows a hash of the name); none when there is no folder. A name like a journal file's that the journal never
 * writes is refused: it may be a journal file renamed by hand, and read under another number, or removed, it would lose
 * changes silently.
 */
export async function journalNumbers(folder: string): Promise<number[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const numbers: number[] = [];
  for (const name of names) {
    const number = JOURNAL_NAME.exec(name)?.[1];
    if (number !== undefined && Number.isSafeInteger(Number(number))) numbers.push(Number(number));
    else if (LIKE_A_JOURNAL_NAME.test(name))
      throw damagedJournal(
        join(folder, name),
        0,
        'a name the journal never writes (its numbers have no leading zeros, and are at most 2^53 - 1)',
      );
  }
  return numbers.sort((a, b) => a - b);
}

/** Whether the file at `path` starts with `bytes`. */
export async function startsWith(path: string, bytes: Buffer): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const start = Buffer.alloc(bytes.length);
    const { bytesRead } = await file.read(start, 0, bytes.length, 0);
    return bytesRead === bytes.length && start.equals(bytes);
  } finally {
    await file.close();
  }
}

/** Makes journal file `path` (emptied, if a failed make left it) with its open mark, synced, then its name; opened for appends. */
export async function createJournalFile(path: string): Promise<FileHandle> {
  const file = await open(path, 'w', FILE_MODE);
  try {
    writeAll(file, MARK_LINE, 0); // the open mark, on disk before the file's name is
    await file.datasync();
    await syncDirectory(dirname(path));
  } catch (error) {
    await file.close();
    throw error;
  }
  return file;
}

/** Cuts the file at `path` to `length` bytes, durably. */
export async function truncateDurably(path: string, length: number): Promise<void> {
  const file = await open(path, 'r+');
  try {
    await file.truncate(length);
    await file.datasync();
  } finally {
    await file.close();
  }
}

/** Removes journal file `number` of `folder` for good (the folder synced): the caller removes them oldest first. */
export async function removeJournalFile(folder: string, number: number): Promise<void> {
  await unlink(journalPath(folder, number)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error; // gone already: a removal that failed after it
  });
  await syncDirectory(folder);
}

/** Removes the temporary files an interrupted make recover-journal left in the journal folder; resolves to their names. */
export async function removeLeftTemporaries(folder: string): Promise<string[]> {
  const names = (await readdir(folder).catch(() => [])).filter((name) => LEFT_BY_RECOVERY.test(name));
  for (const name of names) await unlink(join(folder, name));
  return names;
}
