import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { tryLock, unlock } from 'fs-native-extensions';
import { FILE_MODE } from '../../files/modes.js';
import { DataFileError } from '../engine/durable-json-file.js';
import { symlinkRefused } from '../engine/private-files.js';

/** 'a+', and a link is refused rather than followed: its target could be any file, and its text would be quoted below. */
const OPEN_FLAGS = constants.O_RDWR | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW;

/** Another live process owns the data file (its pid, when it said). */
export class DataFileInUseError extends DataFileError {
  constructor(
    file: string,
    readonly owner: string,
  ) {
    super(
      file,
      `is in use by another process${owner ? ` (${owner})` : ''}; stop it, or give this one another DATA_FILE`,
    );
  }
}

/**
 * Makes this process the one owner of `dataFile` through a kernel lock on
 * `<dataFile>.lock` (an open-file-description lock, via fs-native-extensions).
 * The kernel drops it when the process dies, however it dies, and honours it
 * across PID namespaces (two containers on one volume), so a live owner always
 * keeps the data and a restart after a crash starts at once. The file's text
 * (the owner's pid) is only for the message. Resolves to the release.
 */
export async function acquireLock(dataFile: string): Promise<() => Promise<void>> {
  const path = `${dataFile}.lock`;
  const file = await open(path, OPEN_FLAGS, FILE_MODE).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symlinkRefused(path);
    throw new DataFileError(
      path,
      `cannot be opened for writing (${(error as NodeJS.ErrnoException).code ?? String(error)}); the data directory must be writable`,
    );
  });
  if (!tryLock(file.fd)) {
    const text = (await file.readFile('utf8').catch(() => '')).trim();
    const owner = /^pid \d+$/.test(text) ? text : ''; // only what an owner writes is ever shown
    await file.close();
    throw new DataFileInUseError(dataFile, owner);
  }
  await file.truncate(0);
  await file.write(`pid ${process.pid}\n`, 0);
  return async () => {
    unlock(file.fd);
    await file.close();
  };
}
