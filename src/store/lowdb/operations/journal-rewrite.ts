import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { syncDirectory } from '../../files/folders.js';
import { FILE_MODE, FOLDER_MODE } from '../../files/modes.js';
import { writeAllInPool } from '../engine/journal-lines.js';
import { MARK_LINE } from '../engine/journal-marks.js';
import { readEntries } from './journal-scan.js';

/** A journal file as make recover-journal writes it: the whole entries of `from` (none without it), then, when `closed`, marks enough to end at the close mark. */
export interface Rewrite {
  path: string;
  from: string | undefined;
  closed: boolean;
}

let sequence = 0;

/**
 * Writes each rewrite into a temporary file beside its path (`<path>.<pid>.<n>.tmp`), durably, and only once all are
 * written whole renames each into place and syncs the folder: a failure, a full disk say, leaves every journal file as
 * it was, and removes the temporary files.
 */
export async function rewriteFiles(rewrites: Rewrite[]): Promise<void> {
  const written: { temporary: string; path: string }[] = [];
  try {
    for (const rewrite of rewrites) written.push({ temporary: await writeTemporary(rewrite), path: rewrite.path });
  } catch (error) {
    for (const { temporary } of written) await unlink(temporary).catch(() => {});
    throw error;
  }
  for (const { temporary, path } of written) await rename(temporary, path);
  if (rewrites[0]) await syncDirectory(dirname(rewrites[0].path));
}

async function writeTemporary({ path, from, closed }: Rewrite): Promise<string> {
  const temporary = `${path}.${process.pid}.${++sequence}.tmp`;
  const file = await open(temporary, 'wx', FILE_MODE);
  try {
    let bytes = 0;
    let marks = 0; // the marks the entries end with
    let writing = Promise.resolve();
    const write = (chunk: Buffer) => {
      const at = bytes;
      bytes += chunk.length;
      writing = writing.then(() => writeAllInPool(file, chunk, at)); // one after another, each whole however short a write
      writing.catch(() => {}); // awaited below
    };
    if (from)
      await readEntries(from, (chunk) => {
        marks = trailingMarks(chunk, marks);
        write(chunk);
      });
    if (closed) for (; marks < 2; marks++) write(MARK_LINE);
    await writing;
    await file.datasync();
    const { size } = await file.stat();
    if (size !== bytes) throw new Error(`${temporary} holds ${size} bytes of the ${bytes} written`);
    return temporary;
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  } finally {
    await file.close();
  }
}

/** How many marks the lines end with after `chunk`, given `before` for the lines before it. */
function trailingMarks(chunk: Buffer, before: number): number {
  let marks = 0;
  for (let end = chunk.length; end >= MARK_LINE.length && marks < 2; end -= MARK_LINE.length) {
    const line = chunk.subarray(end - MARK_LINE.length, end);
    const starts = end === MARK_LINE.length || chunk[end - MARK_LINE.length - 1] === 0x0a;
    if (!line.equals(MARK_LINE) || !starts) return marks;
    marks++;
  }
  return marks === chunk.length / MARK_LINE.length ? Math.min(2, before + marks) : marks;
}

/** Copies each file at `paths` into `<aside>/journal/`, a new folder, each durably; on failure the folder goes again. */
export async function copyAside(paths: string[], aside: string): Promise<void> {
  const into = join(aside, 'journal');
  await mkdir(aside, { mode: FOLDER_MODE });
  try {
    await mkdir(into, { mode: FOLDER_MODE });
    for (const path of paths) {
      const copy = join(into, basename(path));
      await copyFile(path, copy, constants.COPYFILE_EXCL);
      await chmod(copy, FILE_MODE);
      const file = await open(copy, 'r+');
      await file.datasync().finally(() => file.close());
    }
    await syncDirectory(into);
    await syncDirectory(aside);
  } catch (error) {
    await rm(aside, { recursive: true, force: true }); // new, and all in it this recovery's: half a copy looks whole
    throw error;
  }
}
