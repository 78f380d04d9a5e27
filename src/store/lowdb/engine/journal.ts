import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { FILE_MODE, FOLDER_MODE } from '../../files/modes.js';
import type { Collection } from '../../store.js';
import { syncDirectory } from '../../files/folders.js';
import { LINE_BYTES, linesOf, WRITE_IN_PLACE_BYTES, writeAll, writeAllInPool } from './journal-lines.js';
import { journalNumbers, replayFile, type Replayed } from './journal-replay.js';
import type { Serialized } from './record-text.js';

/** A record as the store keeps it: the value and the group it is listed under. */
export interface Stored {
  value: unknown;
  group?: string;
  /** Whom the record counts against (quotas). */
  owner?: string;
}

/** One change: the record's new state, or null when it was deleted. */
export type Op = [collection: Collection, key: string, stored: Stored | null];

/** An append a crash cut short at the end of the newest journal file: never synced, never acknowledged, dropped. */
export interface Unfinished {
  path: string;
  /** Where it started: the end of the file's last entry. */
  at: number;
  /** Its bytes that reached the disk, zeros after them not counted. */
  bytes: number;
}

/**
 * How far ahead of its entries a journal file is filled with zeros. An append into
 * them changes neither the file's size nor its blocks, so its fdatasync writes the
 * data alone, not the file system's metadata: half the CPU and half the wait of an
 * append that grows the file (measured on ext4). The zeros are written with the
 * append that passes them, and synced by its fdatasync; a clean close cuts them off.
 */
export const ZERO_AHEAD_BYTES = 1024 * 1024;

/**
 * The write-ahead journal: each batch of changes is written into `<folder>/<n>.ndjson`
 * after the last, as lines of JSON lists of ops, at most LINE_BYTES each, then an end
 * mark, and fdatasynced once, so a batch costs one sync however many shards it
 * touches. The file appended to holds zeros past its entries (ZERO_AHEAD_BYTES),
 * where an append a crash cut short may end; every other file ends at its last entry. A
 * checkpoint rotates to the next file; files up to the rotated one are removed once
 * the shards hold their changes.
 */
export class Journal {
  private file: FileHandle | undefined;
  /** Bytes of the entries in the file appended to now. */
  private size = 0;
  /** Bytes of that file: its entries, then zeros. */
  private length = 0;
  /** An append failed and its bytes could not be cut off yet: cut them before the next. */
  private tail: number | undefined;
  /** Bytes of the files rotated away from and not removed yet, by number. */
  private readonly older = new Map<number, number>();
  /** The newest file open found, when more than its entries follows them: cutTail cuts it there. */
  private tailOf: { path: string; entries: number } | undefined;

  private constructor(
    private readonly folder: string,
    private sequence: number,
    private readonly lineBytes: number,
  ) {}

  /**
   * Opens the folder, giving every op already in it to `replay`, oldest first; resolves to the journal to append to,
   * the count of ops, and the append a crash cut short at the end of the newest file, if any. Every file is read to its
   * end, and one that is damaged rejects (replayFile); nothing is changed (cutTail does, once the caller is content).
   */
  static async open(
    folder: string,
    replay: (op: Op) => void,
    lineBytes = LINE_BYTES,
  ): Promise<{ journal: Journal; ops: number; unfinished?: Unfinished }> {
    await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
    const files = await journalNumbers(folder);
    const journal = new Journal(folder, (files.at(-1) ?? 0) + 1, lineBytes);
    let ops = 0;
    let newest: (Replayed & { path: string }) | undefined;
    for (const number of files) {
      const path = join(folder, `${number}.ndjson`);
      const replayed = await replayFile(path, number === files.at(-1), (op) => {
        ops++;
        replay(op);
      });
      journal.older.set(number, replayed.entries);
      newest = { ...replayed, path };
    }
    if (!newest || newest.size === newest.entries) return { journal, ops };
    journal.tailOf = { path: newest.path, entries: newest.entries };
    if (newest.unfinished === 0) return { journal, ops };
    return { journal, ops, unfinished: { path: newest.path, at: newest.entries, bytes: newest.unfinished } };
  }

  /**
   * Cuts what follows the newest file's last entry as open found it (zeros, an unfinished append): the next append goes
   * to a file after it, and every file but the one appended to ends at its last entry.
   */
  async cutTail(): Promise<void> {
    if (!this.tailOf) return;
    const file = await open(this.tailOf.path, 'r+');
    try {
      await file.truncate(this.tailOf.entries);
      await file.datasync();
    } finally {
      await file.close();
    }
    this.tailOf = undefined;
  }

  /** Bytes of the file appended to now. */
  get bytes(): number {
    return this.size;
  }

  /** Bytes of every journal file not removed yet: what a start-up would replay. */
  get totalBytes(): number {
    let total = this.size;
    for (const bytes of this.older.values()) total += bytes;
    return total;
  }

  /** The journal files (number, in order) and the bytes of each that hold durable changes; the file appended to may hold more, not yet durable. */
  files(): { number: number; bytes: number }[] {
    const files = [...this.older].map(([number, bytes]) => ({ number, bytes }));
    if (this.file) files.push({ number: this.sequence, bytes: this.size });
    return files.sort((a, b) => a.number - b.number);
  }

  /** Appends one batch durably, as lines written one after another and one fdatasync. On failure the file is left as it was and the error is thrown. */
  async append(ops: Serialized[]): Promise<void> {
    const file = await this.current();
    if (this.tail !== undefined) await this.cut(file, this.tail);
    let written = 0;
    try {
      for (const line of linesOf(ops, this.lineBytes)) {
        const at = this.size + written;
        if (line.bytes <= WRITE_IN_PLACE_BYTES) writeAll(file, Buffer.from(line.text), at);
        else await writeAllInPool(file, Buffer.from(line.text), at);
        written += line.bytes;
        if (at + line.bytes > this.length) await this.zeroAhead(file, at + line.bytes);
      }
      await file.datasync();
    } catch (error) {
      this.tail = this.size;
      await this.cut(file, this.size).catch(() => {}); // else cut before the next append
      throw error;
    }
    this.size += written;
  }

  /** Starts the next file; returns the number of the last one that may be removed after a checkpoint. */
  async rotate(): Promise<number> {
    const closed = this.sequence;
    if (this.file) {
      await this.cut(this.file, this.tail ?? this.size); // no zeros left in a file no longer appended to
      await this.file.close();
      this.older.set(closed, this.size);
    }
    this.file = undefined;
    this.size = 0;
    this.length = 0;
    this.tail = undefined;
    this.sequence++;
    return closed;
  }

  /**
   * Removes the files up to `last`, whose changes the shards now hold, oldest first, each for good (the folder synced)
   * before the next: a crash part way leaves the newest, which replay over the shards as before. An older one left
   * behind a newer one removed would replay over shards holding newer changes, and undo them.
   */
  async removeUpTo(last: number): Promise<void> {
    for (const number of [...this.older.keys()].sort((a, b) => a - b)) {
      if (number > last) break;
      await unlink(join(this.folder, `${number}.ndjson`)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // gone already: a removal that failed after it
      });
      await syncDirectory(this.folder);
      this.older.delete(number);
    }
  }

  async close(): Promise<void> {
    // The zeros are cut off, so the file ends at its last entry; if they cannot be, the next start drops and cuts them.
    await this.file?.truncate(this.tail ?? this.size).catch(() => {});
    await this.file?.close();
    this.file = undefined;
  }

  private async current(): Promise<FileHandle> {
    if (this.file) return this.file;
    // A number after every file there was (open, rotate): a file by that name holds nothing, left by a failed current.
    const file = await open(join(this.folder, `${this.sequence}.ndjson`), 'w', FILE_MODE);
    try {
      await syncDirectory(this.folder); // the new file's name must survive a crash too
    } catch (error) {
      await file.close();
      throw error;
    }
    this.file = file;
    this.size = 0;
    this.length = 0;
    return file;
  }

  /**
   * Fills the file with zeros from `end`, where the entries written so far end, to ZERO_AHEAD_BYTES past it. After the
   * entries, so they never take room the entries need: where the zeros do not fit (a full disk), those written are cut
   * off again, and the file grows with its entries until there is room.
   */
  private async zeroAhead(file: FileHandle, end: number): Promise<void> {
    try {
      await writeAllInPool(file, Buffer.alloc(ZERO_AHEAD_BYTES), end);
      this.length = end + ZERO_AHEAD_BYTES;
    } catch {
      await file.truncate(end);
      this.length = end;
    }
  }

  private async cut(file: FileHandle, length: number): Promise<void> {
    await file.truncate(length);
    await file.datasync();
    this.length = length;
    this.tail = undefined;
  }
}
