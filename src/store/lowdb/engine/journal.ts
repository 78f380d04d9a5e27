import { mkdir } from 'node:fs/promises';
import { FOLDER_MODE } from '../../files/modes.js';
import { JournalFile } from './journal-file.js';
import { journalPath, removeJournalFile, truncateDurably } from './journal-files.js';
import { LINE_BYTES } from './journal-lines.js';
import { ZERO_AHEAD_BYTES } from './journal-marks.js';
import { readJournal } from './journal-read.js';
import type { Op, Serialized } from './record-text.js';

export { ZERO_AHEAD_BYTES };

/** An append a crash cut short at the end of the newest journal file: never synced, never acknowledged, dropped. */
export interface Unfinished {
  path: string;
  /** Where it started: the end of the file's last entry. */
  at: number;
  /** The bytes dropped: from there to the end of the file, zeros included. */
  bytes: number;
  /** Those of them that are not zeros: what reached the disk of it. */
  notZeros: number;
}

/**
 * The write-ahead journal: each batch of changes is written into `<folder>/<n>.ndjson`
 * after the last, as lines of JSON lists of ops, at most LINE_BYTES each, then an end
 * mark, and fdatasynced once, so a batch costs one sync however many shards it
 * touches (JournalFile). A checkpoint rotates: the file ends at its close mark, and the
 * next number, never skipped, is appended to; files up to the rotated one are removed,
 * oldest first, once the shards hold their changes.
 */
export class Journal {
  /** The file appended to, numbered `sequence`; undefined until an append makes it, after open or a rotation. */
  private file: JournalFile | undefined;
  /** Bytes of the entries of the files rotated away from and not removed yet, by number. */
  private readonly older = new Map<number, number>();
  /** The newest file as open found it, when it ends at its close mark with zeros after it: cutTail cuts them. */
  private uncut: { path: string; entries: number } | undefined;

  private constructor(
    private readonly folder: string,
    private sequence: number,
    private readonly lineBytes: number,
  ) {}

  /**
   * Opens the folder, giving every op already in it to `replay`, oldest first (readJournal, which rejects on damage);
   * resolves to the journal, the count of ops, and the append a crash cut short at the end of the newest file, if any.
   * Appends go on in the newest file, unless it ends at its close mark. Nothing is changed (cutTail does, once the
   * caller is content, or the first append).
   */
  static async open(
    folder: string,
    replay: (op: Op) => void,
    lineBytes = LINE_BYTES,
  ): Promise<{ journal: Journal; ops: number; unfinished?: Unfinished }> {
    await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
    let ops = 0;
    const files = await readJournal(folder, (op) => {
      ops++;
      replay(op);
    });
    const newest = files.at(-1);
    const goOn = newest !== undefined && !newest.replayed.closed;
    const journal = new Journal(folder, newest ? newest.number + (goOn ? 0 : 1) : 1, lineBytes);
    for (const { number, replayed } of goOn ? files.slice(0, -1) : files) journal.older.set(number, replayed.entries);
    if (!newest) return { journal, ops };
    const { entries, size, unfinished, endsInMark } = newest.replayed;
    const uncut = size > entries ? size : undefined;
    if (!goOn) {
      if (uncut !== undefined) journal.uncut = { path: newest.path, entries }; // a crash came as it closed it
    } else if (entries === 0) {
      journal.file = new JournalFile(newest.path); // made again, from its open mark
    } else {
      journal.file = new JournalFile(newest.path, { size: entries, endsInMark, uncut });
    }
    if (unfinished === 0) return { journal, ops };
    return {
      journal,
      ops,
      unfinished: { path: newest.path, at: entries, bytes: size - entries, notZeros: unfinished },
    };
  }

  /** Cuts what follows the newest file's last entry as open found it (zeros, an unfinished append). */
  async cutTail(): Promise<void> {
    await this.file?.cutTail();
    if (!this.uncut) return;
    await truncateDurably(this.uncut.path, this.uncut.entries);
    this.uncut = undefined;
  }

  /** Bytes of the file appended to now. */
  get bytes(): number {
    return this.file?.bytes ?? 0;
  }

  /** Bytes of every journal file not removed yet: what a start-up would replay. */
  get totalBytes(): number {
    let total = this.bytes;
    for (const bytes of this.older.values()) total += bytes;
    return total;
  }

  /** The journal files (number, in order) and the bytes of each that hold durable changes; the file appended to may hold more, not yet durable. */
  files(): { number: number; bytes: number }[] {
    const files = [...this.older].map(([number, bytes]) => ({ number, bytes }));
    if (this.file) files.push({ number: this.sequence, bytes: this.file.bytes });
    return files.sort((a, b) => a.number - b.number);
  }

  /** Appends one batch durably, as lines written one after another and one fdatasync. On failure the file is left as it was and the error is thrown. */
  async append(ops: Serialized[]): Promise<void> {
    this.file ??= new JournalFile(journalPath(this.folder, this.sequence));
    await this.file.append(ops, this.lineBytes);
  }

  /**
   * Ends the file appended to at its close mark, durably, and moves to the next number; resolves to the number of the
   * last file that may be removed after a checkpoint. With nothing appended since the last rotation there is no file
   * to close, and no number is skipped. On failure the file is appended to as before.
   */
  async rotate(): Promise<number> {
    if (!this.file) return this.sequence - 1;
    this.older.set(this.sequence, await this.file.closeMarked());
    this.file = undefined;
    return this.sequence++;
  }

  /** Removes the files up to `last`, whose changes the shards now hold, oldest first (removeJournalFile). */
  async removeUpTo(last: number): Promise<void> {
    for (const number of [...this.older.keys()].sort((a, b) => a - b)) {
      if (number > last) break;
      await removeJournalFile(this.folder, number);
      this.older.delete(number);
    }
  }

  async close(): Promise<void> {
    await this.file?.close();
  }
}
