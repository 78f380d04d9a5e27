import { mkdir, open, readdir, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Collection } from '../store.js';
import { DataFileError, syncDirectory } from './durable-json-file.js';

/** A record as the store keeps it: the value and the group it is listed under. */
export interface Stored {
  value: unknown;
  group?: string;
}

/** One change: the record's new state, or null when it was deleted. */
export type Op = [collection: Collection, key: string, stored: Stored | null];

/**
 * The write-ahead journal: each batch of changes is one JSON line appended to
 * `<folder>/<n>.ndjson` and fdatasynced, so a batch costs one sync however many
 * shards it touches. A checkpoint rotates to the next file; files up to the
 * rotated one are removed once the shards hold their changes.
 */
export class Journal {
  private file: FileHandle | undefined;
  private size = 0;
  /** An append failed and its bytes could not be cut off yet: cut them before the next. */
  private tail: number | undefined;

  private constructor(private readonly folder: string, private sequence: number) {}

  /** Opens the folder, returning the journal to append to and every batch already in it, oldest first. */
  static async open(folder: string): Promise<{ journal: Journal; batches: Op[][]; files: number[] }> {
    await mkdir(folder, { recursive: true });
    const files = (await readdir(folder))
      .map((name) => /^(\d+)\.ndjson$/.exec(name)?.[1])
      .filter((number): number is string => number !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const batches: Op[][] = [];
    for (const number of files) {
      const path = join(folder, `${number}.ndjson`);
      batches.push(...parse(path, await readFile(path, 'utf8'), number === files.at(-1)));
    }
    return { journal: new Journal(folder, (files.at(-1) ?? 0) + 1), batches, files };
  }

  get bytes(): number {
    return this.size;
  }

  /** Appends one batch durably. On failure the file is left as it was and the error is thrown. */
  async append(ops: Op[]): Promise<void> {
    const line = `${JSON.stringify(ops)}\n`;
    const file = await this.current();
    if (this.tail !== undefined) await this.cut(file, this.tail);
    try {
      await file.appendFile(line);
      await file.datasync();
    } catch (error) {
      this.tail = this.size;
      await this.cut(file, this.size).catch(() => {}); // else cut before the next append
      throw error;
    }
    this.size += Buffer.byteLength(line);
  }

  /** Starts the next file; returns the number of the last one that may be removed after a checkpoint. */
  async rotate(): Promise<number> {
    const closed = this.sequence;
    if (this.file && this.tail !== undefined) await this.cut(this.file, this.tail);
    await this.file?.close();
    this.file = undefined;
    this.size = 0;
    this.tail = undefined;
    this.sequence++;
    return closed;
  }

  /** Removes the files up to `last`, whose changes the shards now hold. */
  async removeUpTo(last: number): Promise<void> {
    for (const name of await readdir(this.folder)) {
      const number = Number(/^(\d+)\.ndjson$/.exec(name)?.[1] ?? NaN);
      if (number <= last) await unlink(join(this.folder, name));
    }
    await syncDirectory(this.folder);
  }

  async close(): Promise<void> {
    await this.file?.close();
    this.file = undefined;
  }

  private async current(): Promise<FileHandle> {
    if (this.file) return this.file;
    const file = await open(join(this.folder, `${this.sequence}.ndjson`), 'a');
    try {
      await syncDirectory(this.folder); // the new file's name must survive a crash too
    } catch (error) {
      await file.close();
      throw error;
    }
    this.file = file;
    this.size = (await file.stat()).size;
    return file;
  }

  private async cut(file: FileHandle, length: number): Promise<void> {
    await file.truncate(length);
    await file.datasync();
    this.tail = undefined;
  }
}

/**
 * The batches of one journal file. The newest file's last line may have been
 * cut short by a crash while it was written, before it was synced and so before
 * it was acknowledged: it is ignored. Any other line that does not parse means
 * the file is damaged.
 */
function parse(path: string, text: string, newest: boolean): Op[][] {
  const lines = text.split('\n');
  const torn = lines.pop(); // after the last newline: empty, or a torn write
  if (torn && !newest) throw new DataFileError(path, 'ends in the middle of a journal entry; the file is damaged');
  const batches: Op[][] = [];
  for (const [index, line] of lines.entries()) {
    const ops = parseLine(line);
    if (ops) batches.push(ops);
    else if (!(newest && index === lines.length - 1)) throw new DataFileError(path, `line ${index + 1} is not a journal entry; the file is damaged`);
  }
  return batches;
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
  if (!Array.isArray(op) || op.length !== 3 || typeof op[0] !== 'string' || typeof op[1] !== 'string') return false;
  const stored = op[2] as Partial<Stored> | null;
  return stored === null || (typeof stored === 'object' && 'value' in stored && (stored.group === undefined || typeof stored.group === 'string'));
}
