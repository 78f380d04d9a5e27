import { DataFileError } from './durable-json-file.js';
import type { Piece } from './journal-pieces.js';
import { MARK, MOST_ZEROS_AT_END, PAGE_BYTES } from './journal-marks.js';

/** What an operator does about a damaged journal, said in the refusal. */
export const RECOVER_ADVICE =
  'nothing was changed: keep a copy of the data folder, then keep every entry that can be read with make recover-journal ' +
  '(node dist/src/cli/recover-journal.js in the image; docs/operators/runbook.md#a-damaged-journal)';

/** A journal file that cannot be read to its end: start-up refuses, naming the file, the byte and what to do. */
export function damagedJournal(path: string, at: number, what: string): DataFileError {
  return new DataFileError(path, `at byte ${at}, ${what}: the journal is damaged; ${RECOVER_ADVICE}`);
}

/**
 * Which file of the journal is read, which says what may follow its entries: the newest, where a crash may have cut an
 * append short; one this build closed (the next file begins with the open mark), which ends at its close mark; or one
 * an earlier build closed, which may end in the zeros it filled ahead and never cut off.
 */
export type FileRole = 'newest' | 'closed' | 'closed-earlier';

/**
 * What follows a journal file's whole entries, from the first piece that is not one. In the newest file it may be an
 * append a crash cut short, never synced and so never acknowledged: what reached the disk of it, page by page (a page
 * of the page cache reaches the disk whole or not at all, in any order), over the zeros filled ahead. So a run of
 * zeros starts where a line starts (where the append started, or where a write of it ended) or on a page boundary, and
 * ends on a page boundary, or at the end of the file, at most MOST_ZEROS_AT_END after its start; and nothing follows a
 * batch's end mark, since the next batch was written only once that one was synced. That is dropped. Anything else is
 * damage, as is a whole line that is not an entry (what reached the disk is what was written), any byte after the
 * entries of a file this build closed, and anything but such zeros after those of a file an earlier build closed; in
 * a file without marks (an earlier build's), a whole entry after zeros cannot be told from a later batch, so it is
 * damage too. `check` throws the refusal for it.
 */
export class Tail {
  /** Where the entries stop, and what stands there, for the refusal. */
  private readonly start: number;
  private readonly first: string;
  /** The next byte starts a line (else the piece before was cut short by zeros). */
  private atLineStart = true;
  private endMarked = false;
  /** Bytes of the pieces that are not zeros: what reached the disk of the unfinished append. */
  private kept = 0;
  /** The last run of zeros, while no piece has followed it. */
  private zeros: { at: number; length: number } | undefined;
  private sawZeros = false;
  private entryAfterZeros = false;
  private damage: DataFileError | undefined;

  constructor(
    private readonly path: string,
    private readonly role: FileRole,
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

  /** Bytes of the unfinished append that are not zeros. */
  get unfinished(): number {
    return this.kept;
  }

  /** Whether the tail held an end mark: the file was written by a build that marks its batches. */
  get marked(): boolean {
    return this.endMarked;
  }

  add(piece: Piece): void {
    if (this.damage) return;
    if (this.role === 'closed' || (this.role === 'closed-earlier' && piece.kind === 'line')) {
      const at = this.role === 'closed' ? 'at its close mark' : 'at its last entry';
      this.damage = this.refuse(`${this.first}, in a file the journal had closed ${at}`);
      return;
    }
    if (piece.kind === 'zeros') {
      if (!this.atLineStart && piece.at % PAGE_BYTES !== 0)
        this.damage = this.refuse(`${this.then(piece.at)}zeros that start inside a line and a page`);
      this.zeros = piece;
      this.sawZeros = true;
      this.atLineStart = false;
      return;
    }
    if (this.zeros && (this.zeros.at + this.zeros.length) % PAGE_BYTES !== 0) {
      const end = this.zeros.at + this.zeros.length;
      this.damage = this.refuse(
        `${this.then(this.zeros.at)}${this.zeros.length} zero bytes that end inside a page (byte ${end})`,
      );
      return;
    }
    this.zeros = undefined;
    const entry = piece.ended && this.isEntry(piece.bytes); // a line's end is no entry: an entry after zeros is whole
    const whole = piece.ended && (this.atLineStart || entry);
    this.atLineStart = piece.ended;
    this.kept += piece.bytes.length + (piece.ended ? 1 : 0);
    if (this.endMarked) this.damage = this.refuse(`${this.first}, then entries of a later batch`);
    else if (whole && !entry)
      this.damage = this.refuse(
        piece.at === this.start ? this.first : `${this.first}, then a line that is not an entry`,
      );
    else if (whole && piece.bytes.length === MARK.length && piece.bytes.toString('latin1') === MARK)
      this.endMarked = true;
    else if (whole && this.sawZeros) this.entryAfterZeros = true;
  }

  /** Throws when what followed the entries was damage; else it is dropped. `marked`: the file's entries hold a mark. */
  check(marked: boolean): void {
    if (this.damage) throw this.damage;
    if (this.zeros && this.zeros.at === 0 && this.zeros.length > PAGE_BYTES)
      throw this.refuse(
        `${this.zeros.length} zero bytes to the end of the file, and nothing else: the journal syncs a file's open mark ` +
          'before anything else, so a crash leaves a page of it at most',
      );
    if (this.zeros && this.zeros.length > MOST_ZEROS_AT_END)
      throw this.refuse(
        `${this.then(this.zeros.at)}${this.zeros.length} zero bytes to the end of the file, more than a crash leaves ` +
          `(the journal fills ${MOST_ZEROS_AT_END} bytes ahead at most)`,
      );
    if (this.entryAfterZeros && !marked && !this.endMarked)
      throw this.refuse(
        `${this.first}, then whole entries after zeros, in a file without end marks (an earlier build's), where they cannot be told from a later batch`,
      );
  }

  /** The start of a clause about what stands at `at`: naught when it is the first piece, else what came first. */
  private then(at: number): string {
    return at === this.start ? '' : `${this.first}, then `;
  }

  private refuse(what: string): DataFileError {
    return damagedJournal(this.path, this.start, what);
  }
}
