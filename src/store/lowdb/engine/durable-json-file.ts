import { open, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Adapter } from 'lowdb';
import { whereJsonFails } from '../../../lib/json.js';
import { syncDirectory } from '../../files/folders.js';
import { FILE_MODE } from '../../files/modes.js';

/** The data on disk cannot be used; the service must not start (nor touch the file). */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'DataFileError';
  }
}

let sequence = 0;

/**
 * A lowdb adapter for small files (the manifest) whose write is durable when it
 * resolves (writeDurably). Serialises compactly, and synchronously before its
 * first await, so the file holds the data exactly as it was when write() was called.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(
    readonly path: string,
    private readonly isExpectedShape: (data: unknown) => data is T,
    private readonly shapeName: string,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new DataFileError(this.path, `cannot be read (${(error as Error).message})`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new DataFileError(this.path, `is not valid JSON, perhaps truncated (${whereJsonFails(text)})`);
    }
    if (!this.isExpectedShape(data)) throw new DataFileError(this.path, `is JSON but not ${this.shapeName}`);
    return data;
  }

  async write(data: T): Promise<void> {
    const text = JSON.stringify(data);
    await writeDurably(this.path, (file) => file.writeFile(text));
  }
}

/**
 * Writes a file so that a crash leaves either the old one or the new one: `fill`
 * writes a unique temporary file, which is fdatasynced and renamed over `path`,
 * and then the directory is fsynced. On failure the temporary file is removed.
 */
export async function writeDurably(path: string, fill: (file: FileHandle) => Promise<void>): Promise<void> {
  const temporary = `${path}.${process.pid}.${++sequence}.tmp`;
  const file = await open(temporary, 'w', FILE_MODE);
  try {
    await fill(file);
    await file.datasync(); // a new file: its data and size are what must reach the disk
  } catch (error) {
    await file.close();
    await unlink(temporary).catch(() => {});
    throw error;
  }
  await file.close();
  await rename(temporary, path);
  await syncDirectory(dirname(path));
}
