import { COLLECTIONS, type Collection } from '../../store.js';
import { DataFileError } from './durable-json-file.js';
import type { Op } from './record-text.js';
import { MARK } from './journal-marks.js';
import { readPieces } from './journal-pieces.js';
import { Tail, type FileRole } from './journal-tail.js';
import { isStored } from './record-text.js';

/** Journal files are read in chunks of this many bytes. */
const READ_BYTES = 1024 * 1024;

/** What replaying a journal file found. */
export interface Replayed {
  /** Bytes of its whole entries, from its start: where the next entry would go. */
  entries: number;
  /** Bytes after them of an append a crash cut short that are not zeros, dropped: the newest file's only. */
  unfinished: number;
  /** Bytes of the file. */
  size: number;
  /** Its last entry is a mark, and the one before it too: the close mark follows a batch's end mark. */
  closed: boolean;
  /** Its last entry is a mark. */
  endsInMark: boolean;
  /** It holds a mark: a build that ends its batches with one wrote it. */
  marked: boolean;
}

/**
 * Replays one journal file a line at a time and reads it to its very end. What follows its whole entries is judged by
 * Tail, by the file's role: in the newest file an append a crash cut short is dropped, since it was never synced and so
 * never acknowledged; anything else that is not an entry is damage, and a DataFileError names the file and the byte,
 * before any change is given to `replay` past it. (A batch of several lines cut short leaves only changes that were
 * never acknowledged.)
 */
export async function replayFile(path: string, role: FileRole, replay: (op: Op) => void): Promise<Replayed> {
  const found: Replayed = {
    entries: 0,
    unfinished: 0,
    size: 0,
    closed: false,
    endsInMark: false,
    marked: false,
  };
  let lines = 0;
  let tail: Tail | undefined;
  try {
    found.size = await readPieces(
      path,
      (piece) => {
        if (!tail && piece.kind === 'line' && piece.ended) {
          const ops = parseLine(piece.bytes);
          if (ops) {
            const mark = ops.length === 0 && piece.bytes.toString('latin1') === MARK;
            lines++;
            found.closed = mark && found.endsInMark;
            found.endsInMark = mark;
            found.marked ||= mark;
            found.entries = piece.at + piece.bytes.length + 1;
            ops.forEach(replay);
            return;
          }
        }
        tail ??= new Tail(path, role, piece, lines + 1, (line) => parseLine(line) !== undefined);
        tail.add(piece);
      },
      READ_BYTES,
    );
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(path, `cannot be read (${(error as Error).message})`);
  }
  tail?.check(found.marked);
  found.unfinished = tail?.unfinished ?? 0;
  found.marked ||= tail?.marked ?? false;
  return found;
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
