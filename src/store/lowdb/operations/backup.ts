import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { FILE_MODE, FOLDER_MODE } from '../../files/modes.js';
import { makeBackupFolder, syncDirectory } from '../../files/folders.js';
import { DataFileError } from '../engine/durable-json-file.js';
import { mustHoldStore } from '../engine/folder.js';
import { acquireLock, DataFileInUseError } from './lock.js';
import { holdOwnerFiles } from './owner-client.js';
import { symlinkRefused } from '../engine/private-files.js';

const COPY_BYTES = 1024 * 1024;

/**
 * Copies the lowdb files of `dataFile` into the new folder `into`, as `<into>/<name>`
 * and `<into>/<name>.d/`, so that copying them back (the service stopped) restores
 * the store. While a service owns the files, it holds its checkpoints for the copy:
 * the shard files then do not change, no journal file goes, and each journal file
 * is copied up to the bytes that hold durable changes, which is what a crash at
 * that moment would leave, and what start-up replays. With no service, this process
 * takes the lock for the copy, so none starts meanwhile. A symbolic link, or
 * anything but a plain file or folder, among the files is refused, not skipped, and
 * a backup that fails leaves no folder behind: half a backup looks like a whole one.
 */
export async function backupLowdb(
  dataFile: string,
  into: string,
): Promise<{ files: number; bytes: number; how: string }> {
  await mustHoldStore(dataFile);
  await makeBackupFolder(into);
  try {
    return await copyStore(dataFile, into);
  } catch (error) {
    await rm(into, { recursive: true, force: true }); // the folder is new: all in it is this backup's
    throw error;
  }
}

async function copyStore(dataFile: string, into: string): Promise<{ files: number; bytes: number; how: string }> {
  let release: () => Promise<void> | void;
  let journal: Map<string, number> | undefined;
  let how: string;
  try {
    release = await acquireLock(dataFile);
    how = 'with no service running';
  } catch (error) {
    if (!(error instanceof DataFileInUseError)) throw error;
    const held = await holdOwnerFiles(dataFile);
    release = held.release;
    journal = new Map(held.journal.map(({ number, bytes }) => [`${number}.ndjson`, bytes]));
    how = `from the live service that owns it (${error.owner || 'pid unknown'}), its checkpoints held meanwhile`;
  }
  try {
    const copied = { files: 0, bytes: 0 };
    const name = basename(dataFile);
    copied.bytes += await copyFile(dataFile, join(into, name));
    copied.files++;
    await copyFolder(`${dataFile}.d`, join(into, `${name}.d`), copied, journal);
    await syncDirectory(into);
    return { ...copied, how };
  } finally {
    await release();
  }
}

/** Every plain file under `from`, but temporary ones; journal files only as `journal` lists them, up to its bytes, when it is given. */
async function copyFolder(
  from: string,
  to: string,
  copied: { files: number; bytes: number },
  journal: Map<string, number> | undefined,
): Promise<void> {
  if ((await lstat(from).catch(() => undefined))?.isSymbolicLink()) throw symlinkRefused(from);
  await mkdir(to, { mode: FOLDER_MODE });
  const entries = await readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw new DataFileError(from, `cannot be read (${error.message})`);
  });
  for (const entry of entries) {
    const source = join(from, entry.name);
    if (entry.isSymbolicLink()) throw symlinkRefused(source);
    if (!entry.isDirectory() && !entry.isFile())
      throw new DataFileError(source, 'is not a regular file or folder, which is all the store holds');
    if (entry.isDirectory()) {
      await copyFolder(source, join(to, entry.name), copied, entry.name === 'journal' ? journal : undefined);
    } else if (!entry.name.endsWith('.tmp')) {
      const isJournal = journal !== undefined && /^\d+\.ndjson$/.test(entry.name) && basename(from) === 'journal';
      if (isJournal && !journal.has(entry.name)) continue; // started after the backup's moment
      copied.bytes += await copyFile(source, join(to, entry.name), isJournal ? journal.get(entry.name) : undefined);
      copied.files++;
    }
  }
  await syncDirectory(to);
}

/** Copies `from` (its first `most` bytes, when given) to the new file `to`, and syncs it; resolves to the bytes copied. */
async function copyFile(from: string, to: string, most = Infinity): Promise<number> {
  const source = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ELOOP' ? symlinkRefused(from) : error; // made a link since it was listed
  });
  const target = await open(to, 'wx', FILE_MODE);
  try {
    const buffer = Buffer.allocUnsafe(COPY_BYTES);
    let copied = 0;
    while (copied < most) {
      const { bytesRead } = await source.read(buffer, 0, Math.min(COPY_BYTES, most - copied), copied);
      if (bytesRead === 0) break;
      await target.write(buffer, 0, bytesRead, copied);
      copied += bytesRead;
    }
    await target.datasync();
    return copied;
  } finally {
    await source.close();
    await target.close();
  }
}
