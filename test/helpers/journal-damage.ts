import { open, readFile, readdir, rename, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { journalText } from './lowdb-files.js';

export { folderBytes } from './journal-images.js';

// Damage done to a lowdb journal file as a disk or a careless hand does it, and what a reader can still find in it.

/** Where each line of a journal file's entries starts, and its text (the zeros ahead of them left out). */
export async function linesOf(path: string): Promise<{ at: number; text: string }[]> {
  const lines: { at: number; text: string }[] = [];
  let at = 0;
  for (const text of (await journalText(path)).split('\n').slice(0, -1)) {
    lines.push({ at, text });
    at += Buffer.byteLength(text) + 1;
  }
  return lines;
}

/** The lines of changes of a journal file (its marks left out), where each starts, and its line number. */
export async function changesOf(path: string): Promise<{ at: number; text: string; line: number }[]> {
  return (await linesOf(path)).flatMap((line, index) => (line.text === '[]' ? [] : [{ ...line, line: index + 1 }]));
}

/** Overwrites `length` bytes at `at` with zeros. */
export async function writeZeros(path: string, at: number, length: number): Promise<void> {
  const file = await open(path, 'r+');
  await file.write(Buffer.alloc(length), 0, length, at);
  await file.close();
}

/** Writes `text` at `at`. */
export async function writeAt(path: string, at: number, text: string): Promise<void> {
  const file = await open(path, 'r+');
  await file.write(text, at, 'utf8');
  await file.close();
}

/** Flips the lowest bit of the byte at `at` (a `"` becomes `#`). */
export async function flipByte(path: string, at: number): Promise<void> {
  const file = await open(path, 'r+');
  const byte = Buffer.alloc(1);
  await file.read(byte, 0, 1, at);
  byte[0]! ^= 1;
  await file.write(byte, 0, 1, at);
  await file.close();
}

/** Cuts the file at `at` bytes. */
export const cutAt = (path: string, at: number) => truncate(path, at);

/**
 * Splits the journal's only file `<n>.ndjson` after its first `batches` batches into `<n>.ndjson`, ending there at its
 * close mark, and `<n+1>.ndjson`, its open mark, then the rest and the zeros: as a checkpoint that rotated and then was
 * killed leaves them. Resolves to the paths of the closed file and the newest.
 */
export async function splitAfter(folder: string, batches: number): Promise<[closed: string, newest: string]> {
  const [name = ''] = await readdir(folder);
  const number = Number(name.split('.')[0]);
  const closed = join(folder, name);
  const newest = join(folder, `${number + 1}.ndjson`);
  const mark = (await linesOf(closed)).filter((line) => line.at > 0 && line.text === '[]')[batches - 1];
  if (!mark) throw new Error(`${closed} holds fewer than ${batches} batches`);
  const bytes = await readFile(closed);
  const end = mark.at + 3;
  await writeFile(`${newest}.part`, Buffer.concat([Buffer.from('[]\n'), bytes.subarray(end)]), { mode: 0o600 });
  await rename(`${newest}.part`, newest);
  await truncate(closed, end);
  await writeFile(closed, '[]\n', { flag: 'a' });
  return [closed, newest];
}

/** Rewrites a journal file as a build before marks wrote it: its lines of changes, then `zeros` zero bytes. */
export async function asEarlierBuild(path: string, zeros = 0): Promise<void> {
  const changes = await changesOf(path);
  await writeFile(
    path,
    Buffer.concat([Buffer.from(changes.map(({ text }) => `${text}\n`).join('')), Buffer.alloc(zeros)]),
  );
}

/** The keys of every change in a line of the file that is a whole entry, read line by line, whatever else it holds. */
export async function readableKeys(path: string): Promise<string[]> {
  const keys: string[] = [];
  for (const line of (await readFile(path)).toString('latin1').split('\n')) {
    try {
      const ops = JSON.parse(Buffer.from(line, 'latin1').toString('utf8')) as [string, string, unknown][];
      if (Array.isArray(ops)) keys.push(...ops.map(([, key]) => key));
    } catch {
      // not an entry
    }
  }
  return keys;
}

/** Bytes of a journal file that are not in a whole entry (its newline counted), zeros at the end of the newest aside. */
export function bytesNotInEntries(bytes: Buffer, newest: boolean): number {
  let kept = 0;
  const pieces = bytes.toString('latin1').split('\n');
  for (const line of pieces.slice(0, -1)) {
    try {
      if (!line.includes('\0') && Array.isArray(JSON.parse(Buffer.from(line, 'latin1').toString('utf8'))))
        kept += line.length + 1;
    } catch {
      // not an entry
    }
  }
  let end = bytes.length;
  while (newest && end > 0 && bytes[end - 1] === 0) end--;
  return end - kept;
}
