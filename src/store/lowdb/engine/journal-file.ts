import { open, type FileHandle } from 'node:fs/promises';
import { createJournalFile, truncateDurably } from './journal-files.js';
import { linesOf, mostBytes, WRITE_IN_PLACE_BYTES, writeAll, writeAllInPool } from './journal-lines.js';
import { MARK_LINE, ZERO_AHEAD_BYTES } from './journal-marks.js';
import type { Serialized } from './record-text.js';

/**
 * The journal file appended to: its entries, then zeros filled ahead of them (ZERO_AHEAD_BYTES), so an append's
 * fdatasync writes the lines alone. A new one begins with the open mark; one the journal moves on from ends at its close
 * mark; a clean close cuts the zeros off. Opened when first written to.
 */
export class JournalFile {
  private file: FileHandle | undefined;
  /** Bytes of its entries. */
  private size: number;
  /** Bytes of the file: its entries, then zeros. */
  private length: number;
  /** Its last entry is a mark: the open mark, or a batch's end mark. */
  private endsInMark: boolean;
  /** An append failed and its bytes could not be cut off yet: cut them before the next. */
  private tail: number | undefined;

  /**
   * The file at `path`: made new (`made` undefined), or the newest file open found, whose entries end at `size`, with a
   * mark or not, and whose bytes past them (`uncut`) are cut before anything is written.
   */
  constructor(
    private readonly path: string,
    private readonly made?: { size: number; endsInMark: boolean; uncut: number | undefined },
  ) {
    this.size = made?.size ?? 0;
    this.length = this.size;
    this.endsInMark = made?.endsInMark ?? false;
  }

  /** Bytes of its entries. */
  get bytes(): number {
    return this.size;
  }

  /** Cuts what follows the entries of the newest file as open found it (zeros, an unfinished append). */
  async cutTail(): Promise<void> {
    if (this.made?.uncut === undefined || this.file) return;
    await truncateDurably(this.path, this.size);
    this.made.uncut = undefined;
  }

  /** Appends one batch durably, as lines written one after another and one fdatasync. On failure the file is left as it was and the error is thrown. */
  async append(ops: Serialized[], lineBytes: number): Promise<void> {
    const file = await this.opened();
    if (this.tail !== undefined) await this.cut(file, this.tail);
    let written = 0;
    try {
      const most = mostBytes(ops);
      if (this.size + most > this.length && most < ZERO_AHEAD_BYTES) await this.zeroAhead(file);
      for (const line of linesOf(ops, lineBytes)) {
        const at = this.size + written;
        if (line.bytes <= WRITE_IN_PLACE_BYTES) writeAll(file, Buffer.from(line.text), at);
        else await writeAllInPool(file, Buffer.from(line.text), at);
        written += line.bytes;
      }
      await file.datasync();
    } catch (error) {
      this.tail = this.size;
      await this.cut(file, this.size).catch(() => {}); // else cut before the next append
      throw error;
    }
    this.size += written;
    this.length = Math.max(this.length, this.size);
    this.endsInMark = true;
  }

  /** Ends the file at its close mark, durably, and closes it; resolves to its bytes. On failure it is as it was. */
  async closeMarked(): Promise<number> {
    const file = await this.opened();
    if (this.tail !== undefined) await this.cut(file, this.tail);
    const close = this.endsInMark ? MARK_LINE : Buffer.concat([MARK_LINE, MARK_LINE]);
    try {
      writeAll(file, close, this.size);
      await this.cut(file, this.size + close.length); // no zeros left in a file no longer appended to
    } catch (error) {
      this.tail = this.size;
      await this.cut(file, this.size).catch(() => {}); // else cut before the next append
      throw error;
    }
    await file.close().catch(() => {}); // its bytes are synced
    this.file = undefined;
    return this.size + close.length;
  }

  /** Closes the file, its zeros cut off, so it ends at its last entry; if they cannot be, the next start drops and cuts them. */
  async close(): Promise<void> {
    await this.file?.truncate(this.tail ?? this.size).catch(() => {});
    await this.file?.close();
    this.file = undefined;
  }

  private async opened(): Promise<FileHandle> {
    if (this.file) return this.file;
    if (this.made) {
      await this.cutTail(); // appends go on after its entries
      this.file = await open(this.path, 'r+');
      return this.file;
    }
    // A number after every file there was: a file by that name holds nothing, left by a failed open.
    this.file = await createJournalFile(this.path);
    this.size = this.length = MARK_LINE.length;
    this.endsInMark = true;
    return this.file;
  }

  /**
   * Fills the file with zeros from where its synced entries end to ZERO_AHEAD_BYTES past them, before the append's
   * lines overwrite them: never past an append not synced yet, so a crash leaves at most that many zeros at the end.
   * Where they do not fit (a full disk), those written are cut off again, and the file grows with its entries.
   */
  private async zeroAhead(file: FileHandle): Promise<void> {
    const end = this.size + ZERO_AHEAD_BYTES;
    try {
      await writeAllInPool(file, Buffer.alloc(end - this.length), this.length);
      this.length = end;
    } catch {
      await file.truncate(this.size);
      this.length = this.size;
    }
  }

  private async cut(file: FileHandle, length: number): Promise<void> {
    await file.truncate(length);
    await file.datasync();
    this.length = length;
    this.tail = undefined;
  }
}
