import { readdir } from 'node:fs/promises';
import { COLLECTIONS, type Collection } from '../../store.js';
import { DataFileError } from './durable-json-file.js';
import type { Op } from './journal.js';
import { readPieces } from './journal-pieces.js';
import { Tail } from './journal-tail.js';
import { isStored } from './record-text.js';

/** Journal files are read in chunks of this many bytes. */
const READ_BYTES = 1024 * 1024;

/** The numbers of the journal files in `folder` (`<n>.ndjson`), oldest first; none when there is no folder. */
export async function journalNumbers(folder: string): Promise<number[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names
    .map((name) => /^(\d+)\.ndjson$/.exec(name)?.[1])
    .filter((number) => number !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** What replaying a journal file found. */
export interface Replayed {
  /** Bytes of its whole entries, from its start: where the next entry would go. */
  entries: number;
  /** Bytes after them of an append a crash cut short (zeros not counted), dropped: the newest file's only. */
  unfinished: number;
  /** Bytes of the file. */
  size: number;
}

/**
 * Replays one journal file a line at a time and reads it to its very end. What follows its whole entries is judged by
 * Tail: in the newest file an append a crash cut short (a line cut off, zeros to the end or between the pages that
 * reached the disk) is dropped, since it was never synced and so never acknowledged; anything else that is not an entry,
 * in any file, is damage, and a DataFileError names the file and the byte, before any change is given to `replay`
 * past it. (A batch of several lines cut short leaves only changes that were never acknowledged.)
 */
export async function replayFile(path: string, newest: boolean, replay: (op: Op) => void): Promise<Replayed> {
  let entries = 0;
  let lines = 0;
  let tail: Tail | undefined;
  let size: number;
  try {
    size = await readPieces(
      path,
      (piece) => {
        if (!tail && piece.kind === 'line' && piece.ended) {
          const ops = parseLine(piece.bytes);
          if (ops) {
            lines++;
            entries = piece.at + piece.bytes.length + 1;
            ops.forEach(replay);
            return;
          }
        }
        tail ??= new Tail(path, newest, piece, lines + 1, (line) => parseLine(line) !== undefined);
        tail.add(piece);
      },
      READ_BYTES,
    );
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(path, `cannot be read (${(error as Error).message})`);
  }
  tail?.check();
  return { entries, unfinished: tail?.unfinished ?? 0, size };
}

/** A journal line's ops, or undefined when it is not an entry. */
export function parseLine(line: Buffer): Op[] | undefined {
  try {
    const ops: unknown = JSON.parse(line.toString('utf8'));
    return Array.isArray(ops) && ops.every(isOp) ? ops : undefined;
  } catch {
    return undefined;
  }
}

function isOp(op: unknown): op is Op {
  return (
    Array.isArray(op) &&
    op.length === 3 &&
    COLLECTIONS.includes(op[0] as Collection) &&
    typeof op[1] === 'string' &&
    (op[2] === null || isStored(op[2]))
  );
}
