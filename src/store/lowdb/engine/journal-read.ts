import { DataFileError } from './durable-json-file.js';
import type { Op } from './record-text.js';
import { journalNumbers, journalPath, startsWith } from './journal-files.js';
import { MARK_LINE } from './journal-marks.js';
import { replayFile, type Replayed } from './journal-replay.js';
import { damagedJournal, type FileRole } from './journal-tail.js';

/** A journal file read whole. */
export interface JournalFile {
  number: number;
  path: string;
  role: FileRole;
  replayed: Replayed;
}

/**
 * What keeps a journal from being read whole: files missing before file `number`, or file `number` itself: bytes that
 * are no entries a crash leaves, no bytes at all though it is closed, or no close mark though this build closed it.
 */
export type Damage =
  | { kind: 'missing'; number: number; missing: { from: number; to: number }; error: DataFileError }
  | { kind: 'unread' | 'empty' | 'unclosed'; number: number; path: string; role: FileRole; error: DataFileError };

/**
 * Reads the journal in `folder` file by file, in number order, giving every op to `replay`, and resolves to its files.
 * Each file is judged by its role: the next file begins with the open mark when this build (or a later one) made it,
 * and then this one was closed by such a build, which never skips a number and ends each file it moves on from with
 * the close mark. So are refused: files missing before a file that begins with the open mark, a file so closed without
 * its close mark (cut at the end of a batch), any empty closed file (one the journal moved on from holds its entries, or
 * its marks), and a file whose bytes are no entries a crash can leave (replayFile). The first damage rejects, or each
 * is told to `onDamage` and reading goes on with the next file.
 */
export async function readJournal(
  folder: string,
  replay: (op: Op) => void,
  onDamage?: (damage: Damage) => void,
): Promise<JournalFile[]> {
  const numbers = await journalNumbers(folder);
  const opened = await Promise.all(numbers.map((number) => startsWith(journalPath(folder, number), MARK_LINE)));
  const damaged = (damage: Damage) => {
    if (!onDamage) throw damage.error;
    onDamage(damage);
  };
  const files: JournalFile[] = [];
  for (const [index, number] of numbers.entries()) {
    const path = journalPath(folder, number);
    const before = numbers[index - 1];
    if (before !== undefined && number !== before + 1 && opened[index]) {
      const missing = { from: before + 1, to: number - 1 };
      damaged({ kind: 'missing', number, missing, error: damagedJournal(path, 0, missingBefore(missing)) });
    }
    const role: FileRole = index === numbers.length - 1 ? 'newest' : opened[index + 1] ? 'closed' : 'closed-earlier';
    let replayed: Replayed;
    try {
      replayed = await replayFile(path, role, replay);
    } catch (error) {
      if (!(error instanceof DataFileError)) throw error;
      damaged({ kind: 'unread', number, path, role, error });
      continue;
    }
    const kind = closedDamage(role, replayed);
    if (kind) damaged({ kind, number, path, role, error: damagedJournal(path, replayed.entries, PROBLEMS[kind]) });
    else files.push({ number, path, role, replayed });
  }
  return files;
}

/** How a closed file ends that no build leaves: empty, or without the close mark this build writes. */
function closedDamage(role: FileRole, { size, closed }: Replayed): 'empty' | 'unclosed' | undefined {
  if (role === 'newest') return undefined;
  if (size === 0) return 'empty';
  return role === 'closed' && !closed ? 'unclosed' : undefined;
}

const PROBLEMS = {
  empty: 'an empty file, though the journal had moved on from it, which keeps its entries or its marks',
  unclosed:
    'the end of the file, with no close mark after its last batch, though the journal had moved on from it: it lost what followed',
};

function missingBefore({ from, to }: { from: number; to: number }): string {
  const names = from === to ? `${from}.ndjson is` : `${from}.ndjson to ${to}.ndjson are`;
  return `${names} missing before it, in a journal whose files follow each other (this one begins with the open mark)`;
}
