import { DataFileError } from './durable-json-file.js';
import type { Piece } from './journal-pieces.js';

/** What an operator does about a damaged journal, said in the refusal. */
export const RECOVER_ADVICE =
  'nothing was changed: keep a copy of the data folder, then keep every entry that can be read with make recover-journal ' +
  '(node dist/src/cli/recover-journal.js in the image; docs/operators/runbook.md#a-damaged-journal)';

/** A journal file that cannot be read to its end: start-up refuses, naming the file, the byte and what to do. */
export function damagedJournal(path: string, at: number, what: string): DataFileError {
  return new DataFileError(path, `at byte ${at}, ${what}: the journal is damaged; ${RECOVER_ADVICE}`);
}

/** The line a batch ends with (a list of no changes, which builds before it replay as nothing). */
export const END_MARK = '[]';

/**
 * What follows a journal file's whole entries, from the first piece that is not one. In the newest file it may be an
 * append a crash cut short, never synced and so never acknowledged: a line cut off, and zeros where pages of it never
 * reached the disk, before or between the pages that did (a sync writes a file's pages in any order). That is dropped.
 * Anything a crash cannot leave is damage: any byte after a closed file's entries, a whole line that is not an entry
 * (what reached the disk is what was written), or anything after a batch's end mark, since the next batch was written
 * only once that one was synced. `check` throws the refusal for it.
 */
export class Tail {
  /** Where the entries stop, and what stands there, for the refusal. */
  private readonly start: number;
  private readonly first: string;
  /** The piece before is a whole line, so this one starts a line (else it starts where pages went missing). */
  private atLineStart = true;
  private endMarked = false;
  /** Bytes from the start to the end of the last piece that is not zeros: the unfinished append dropped. */
  private kept = 0;
  private damage: DataFileError | undefined;

  constructor(
    private readonly path: string,
    private readonly newest: boolean,
    piece: Piece,
    line: number,
    private readonly isEntry: (line: Buffer) => boolean,
  ) {
    this.start = piece.at;
    this.first =
      piece.kind === 'zeros'
        ? `${piece.length} zero bytes`
        : `line ${line} ${piece.ended ? 'is not a journal entry' : 'is cut short'}`;
  }

  /** Bytes of the unfinished append dropped (zeros after it not counted). */
  get unfinished(): number {
    return this.kept;
  }

  add(piece: Piece): void {
    if (this.damage) return;
    if (!this.newest) {
      this.damage = this.refuse(`${this.first}, in a file the journal had closed at its last entry`);
      return;
    }
    if (piece.kind === 'zeros') {
      this.atLineStart = false;
      return;
    }
    const whole = this.atLineStart && piece.ended;
    this.atLineStart = piece.ended;
    this.kept = piece.at + piece.bytes.length + (piece.ended ? 1 : 0) - this.start;
    if (this.endMarked) this.damage = this.refuse(`${this.first}, then entries of a later batch`);
    else if (whole && !this.isEntry(piece.bytes))
      this.damage = this.refuse(
        piece.at === this.start ? this.first : `${this.first}, then a line that is not an entry`,
      );
    else if (whole && piece.bytes.length === 2 && piece.bytes.toString('latin1') === END_MARK) this.endMarked = true;
  }

  /** Throws when what followed the entries was damage; else it was an unfinished append, dropped. */
  check(): void {
    if (this.damage) throw this.damage;
  }

  private refuse(what: string): DataFileError {
    return damagedJournal(this.path, this.start, what);
  }
}
