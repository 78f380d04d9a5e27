import { COLLECTIONS, type Collection } from '../../store.js';
import { DataFileError } from './durable-json-file.js';
import type { Op } from './journal.js';
import { readLines } from './line-reader.js';
import { isStored } from './record-text.js';

/** Journal lines are read in chunks of this many bytes. */
const READ_BYTES = 1024 * 1024;

/**
 * Replays one journal file a line at a time, up to the zeros filled ahead of its
 * entries; resolves to the bytes of its entries. The newest file's last line may
 * have been cut short by a crash while it was written, before it was synced and so
 * before it was acknowledged: it is ignored. A crash may also have kept a later page
 * of that write and not an earlier one, still zeros: what follows the first zero was
 * never acknowledged either. (A batch of several lines cut short leaves only changes
 * that were never acknowledged.) Any other line that does not parse means the file
 * is damaged.
 */
export async function replayFile(path: string, newest: boolean, replay: (op: Op) => void): Promise<number> {
  let number = 0;
  let bytes = 0;
  let bad: number | undefined; // a line that did not parse: only the newest file's last line may
  const damaged = (line: number) => new DataFileError(path, `line ${line} is not a journal entry; the file is damaged`);
  let torn: string;
  try {
    torn = await readLines(
      path,
      (line, lineBytes) => {
        if (bad !== undefined) throw damaged(bad);
        number++;
        bytes += lineBytes + 1;
        const ops = parseLine(line);
        if (ops) ops.forEach(replay);
        else bad = number;
      },
      { chunkBytes: READ_BYTES, endAtZero: true },
    );
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(path, `cannot be read (${(error as Error).message})`);
  }
  if (torn && !newest) throw new DataFileError(path, 'ends in the middle of a journal entry; the file is damaged');
  if (bad !== undefined && !newest) throw damaged(bad);
  return bytes + Buffer.byteLength(torn);
}

function parseLine(line: string): Op[] | undefined {
  try {
    const ops: unknown = JSON.parse(line);
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
