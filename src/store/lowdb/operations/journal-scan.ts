import { readPieces, type Piece } from '../engine/journal-pieces.js';
import { MOST_ZEROS_AT_END, PAGE_BYTES } from '../engine/journal-marks.js';
import { parseLine } from '../engine/journal-replay.js';

const READ_BYTES = 1024 * 1024;
const NEWLINE = Buffer.from('\n');

/** What a journal file holds: its whole entries, and what is not one. */
export interface Scan {
  /** Lines of changes (marks not counted), and the changes in them. */
  entries: number;
  changes: number;
  skipped: { bytes: number; lines: number; places: number; first: number | undefined };
}

/**
 * Counts the whole entries of a journal file and the bytes that are not one, wherever they are: zeros at the end of the
 * newest file, as many as a crash leaves there (the zeros filled ahead; a page of them in a file of nothing else), are
 * not counted.
 */
export async function scanFile(path: string, newest: boolean): Promise<Scan> {
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
  const filledAhead = (at: number, length: number) => length <= (at === 0 ? PAGE_BYTES : MOST_ZEROS_AT_END);
  if (zeros && !(newest && filledAhead(zeros.at, zeros.length))) skip(zeros.at, zeros.length);
  return scan;
}

/** Calls `onChunk` with the whole entry lines of the journal file at `path`, in order, newlines included, about a MiB at a time. */
export async function readEntries(path: string, onChunk: (chunk: Buffer) => void): Promise<void> {
  let held: Buffer[] = [];
  let bytes = 0;
  const pass = () => {
    onChunk(Buffer.concat(held));
    held = [];
    bytes = 0;
  };
  await readPieces(
    path,
    (piece) => {
      if (piece.kind !== 'line' || !piece.ended || !parseLine(piece.bytes)) return;
      held.push(Buffer.from(piece.bytes), NEWLINE); // a copy: the view is read into again
      bytes += piece.bytes.length + 1;
      if (bytes >= READ_BYTES) pass();
    },
    READ_BYTES,
  );
  if (bytes > 0) pass();
}
