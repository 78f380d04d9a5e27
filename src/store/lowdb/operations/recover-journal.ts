import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, open, type FileHandle } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { syncDirectory } from '../../files/folders.js';
import { FILE_MODE, FOLDER_MODE } from '../../files/modes.js';
import { writeDurably } from '../engine/durable-json-file.js';
import { mustHoldStore } from '../engine/folder.js';
import { readPieces, type Piece } from '../engine/journal-pieces.js';
import { journalNumbers, parseLine } from '../engine/journal-replay.js';
import { acquireLock } from './lock.js';

const READ_BYTES = 1024 * 1024;
const NEWLINE = Buffer.from('\n');

/** What a journal file holds: its whole entries, and what is not one (zeros ahead of the entries at the end of the newest aside). */
interface Scan {
  /** Lines of changes (a batch's end mark not counted), and the changes in them. */
  entries: number;
  changes: number;
  skipped: { bytes: number; lines: number; places: number; first: number | undefined };
}

/** What recovering a journal did, for its one line. */
export interface Recovery {
  files: number;
  /** The files rewritten with their readable entries alone. */
  rewritten: string[];
  /** The entries (lines of changes) every file keeps, and the changes in them. */
  entries: number;
  changes: number;
  skipped: { bytes: number; lines: number; places: number; first: { path: string; at: number } | undefined };
  /** Where the damaged files were copied, as they were. */
  aside: string | undefined;
}

/**
 * Keeps every entry of the lowdb journal at `dataFile` that can be read, before and after any damage, with no service
 * running (it takes the lock): each journal file holding anything that is not an entry (zeros between entries, a line
 * that is not one, a line cut short, zeros at the end of a closed file) is first copied as it was into
 * `<dataFile>.damaged-<stamp>/journal/`, durably, then rewritten with its whole entries alone, in order. The store then
 * starts, and replays them. What the damage destroyed is lost; what was skipped is counted.
 */
export async function recoverJournal(dataFile: string, stamp: string): Promise<Recovery> {
  await mustHoldStore(dataFile);
  const release = await acquireLock(dataFile);
  try {
    const folder = join(`${dataFile}.d`, 'journal');
    const numbers = await journalNumbers(folder);
    const damaged: { path: string; scan: Scan }[] = [];
    const recovery: Recovery = {
      files: numbers.length,
      rewritten: [],
      entries: 0,
      changes: 0,
      skipped: { bytes: 0, lines: 0, places: 0, first: undefined },
      aside: undefined,
    };
    for (const number of numbers) {
      const path = join(folder, `${number}.ndjson`);
      const scan = await scanFile(path, number === numbers.at(-1));
      recovery.entries += scan.entries;
      recovery.changes += scan.changes;
      if (scan.skipped.bytes > 0) damaged.push({ path, scan });
    }
    if (damaged.length === 0) return recovery;
    recovery.aside = `${dataFile}.damaged-${stamp}`;
    await copyAside(
      damaged.map(({ path }) => path),
      recovery.aside,
    );
    for (const { path, scan } of damaged) {
      await writeDurably(path, (file) => writeEntries(path, file));
      recovery.rewritten.push(path);
      const { bytes, lines, places, first } = scan.skipped;
      recovery.skipped.bytes += bytes;
      recovery.skipped.lines += lines;
      recovery.skipped.places += places;
      recovery.skipped.first ??= first === undefined ? undefined : { path, at: first };
    }
    return recovery;
  } finally {
    await release();
  }
}

/** Counts the whole entries of a journal file and what is not one; zeros at the end of the newest are its zeros ahead. */
async function scanFile(path: string, newest: boolean): Promise<Scan> {
  const scan: Scan = { entries: 0, changes: 0, skipped: { bytes: 0, lines: 0, places: 0, first: undefined } };
  let zeros: { at: number; length: number } | undefined; // zeros not counted yet: they may be the end
  let skipping = false;
  const skip = (at: number, bytes: number) => {
    scan.skipped.bytes += bytes;
    scan.skipped.first ??= at;
    if (!skipping) scan.skipped.places++;
    skipping = true;
  };
  await readPieces(
    path,
    (piece: Piece) => {
      if (piece.kind === 'zeros') {
        zeros = piece;
        return;
      }
      if (zeros) skip(zeros.at, zeros.length);
      zeros = undefined;
      const ops = piece.ended ? parseLine(piece.bytes) : undefined;
      if (ops) {
        if (ops.length > 0) scan.entries++;
        scan.changes += ops.length;
        skipping = false;
        return;
      }
      skip(piece.at, piece.bytes.length + (piece.ended ? 1 : 0));
      scan.skipped.lines++;
    },
    READ_BYTES,
  );
  if (zeros && !newest) skip(zeros.at, zeros.length); // a closed file ends at its last entry
  return scan;
}

/** Writes the whole entries of the journal file at `path` into `into`, a line each, in order. */
async function writeEntries(path: string, into: FileHandle): Promise<void> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let position = 0;
  const writes: Promise<unknown>[] = [];
  const write = () => {
    writes.push(into.write(Buffer.concat(held), 0, heldBytes, position));
    position += heldBytes;
    held = [];
    heldBytes = 0;
  };
  await readPieces(
    path,
    (piece) => {
      if (piece.kind !== 'line' || !piece.ended || !parseLine(piece.bytes)) return;
      held.push(Buffer.from(piece.bytes), NEWLINE); // a copy: the view is read into again
      heldBytes += piece.bytes.length + 1;
      if (heldBytes >= READ_BYTES) write();
    },
    READ_BYTES,
  );
  if (heldBytes > 0) write();
  await Promise.all(writes);
}

/** Copies each file at `paths` into `<aside>/journal/`, a new folder, each durably before any is rewritten. */
async function copyAside(paths: string[], aside: string): Promise<void> {
  const into = join(aside, 'journal');
  await mkdir(aside, { mode: FOLDER_MODE });
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
}
