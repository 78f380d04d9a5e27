import { writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { MARK } from './journal-marks.js';
import type { Serialized } from './record-text.js';

// How a batch of changes becomes journal lines, and how a short line is written.

/** The longest journal line, in bytes, unless one op alone is longer: far below the longest string V8 can make. */
export const LINE_BYTES = 8 * 1024 * 1024;

/**
 * A line this short is written in place (it lands in the page cache in microseconds),
 * so a batch's append waits on the thread pool once, for its fdatasync; while the
 * event loop is busy with requests, each wait for the pool costs far more than the write.
 */
export const WRITE_IN_PLACE_BYTES = 256 * 1024;

/** Writes all of `bytes` at `position` of `file`, now. */
export function writeAll(file: FileHandle, bytes: Buffer, position: number): void {
  for (let done = 0; done < bytes.length;)
    done += writeSync(file.fd, bytes, done, bytes.length - done, position + done);
}

/** Writes all of `bytes` at `position` of `file`, on the thread pool. */
export async function writeAllInPool(file: FileHandle, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length;)
    done += (await file.write(bytes, done, bytes.length - done, position + done)).bytesWritten;
}

/**
 * The batch as lines of at most `most` bytes (an op longer than that is a line of its own), made one at a time; the
 * last is followed by the end mark, `[]` on a line of its own, so replay can tell a batch synced from one cut short.
 */
export function* linesOf(ops: Serialized[], most: number): Generator<{ text: string; bytes: number }> {
  let texts: string[] = [];
  let bytes = 3; // `[`, `]` and the newline
  for (const op of ops) {
    if (texts.length > 0 && bytes + 1 + op.bytes > most) {
      yield { text: `[${texts.join(',')}]\n`, bytes };
      texts = [];
      bytes = 3;
    }
    bytes += (texts.length > 0 ? 1 : 0) + op.bytes;
    texts.push(op.text);
  }
  if (texts.length > 0) yield { text: `[${texts.join(',')}]\n${MARK}\n`, bytes: bytes + MARK.length + 1 };
}

/** At least the bytes linesOf makes of `ops`: as if each op were a line of its own, then the end mark. */
export function mostBytes(ops: Serialized[]): number {
  let bytes = MARK.length + 1;
  for (const op of ops) bytes += op.bytes + 3;
  return bytes;
}
