import { lstat, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FOLDER_MODE } from '../../files/modes.js';
import { DataFileError } from './durable-json-file.js';
import { symlinkRefused } from './private-files.js';

/**
 * Makes the data folder and any missing parents with one plain mkdir a level.
 * Node's recursive mkdir never returns where mkdir says ENOENT of a parent that
 * exists (under /proc); here each level is tried once, and the error says why.
 */
export async function makeFolder(folder: string): Promise<void> {
  try {
    await makeFolders(folder);
  } catch (error) {
    throw new DataFileError(folder, `cannot be created (${(error as Error).message})`);
  }
}

/** The data file may be missing, but if it is there it must be a plain file: reading a pipe or a device could wait for ever, a link lead anywhere. */
export async function checkDataFile(dataFile: string): Promise<void> {
  const found = await lstat(dataFile).catch(() => undefined); // missing, or unreachable: the folder says why
  if (found?.isSymbolicLink()) throw symlinkRefused(dataFile);
  if (found && !found.isFile()) throw new DataFileError(dataFile, 'is not a regular file');
}

/** The data file of a command that reads a store (export, backup) must be there: it must not make one where none is (a mistyped DATA_FILE). */
export async function mustHoldStore(dataFile: string): Promise<void> {
  const found = await lstat(dataFile).catch(() => undefined);
  if (found?.isSymbolicLink()) throw symlinkRefused(dataFile);
  if (!found?.isFile()) throw new Error(`${dataFile} holds no lowdb store (no such file): check DATA_FILE`);
}

async function makeFolders(folder: string): Promise<void> {
  const missing = await makeOne(folder);
  if (!missing) return;
  const parent = dirname(folder);
  if (parent === folder) throw missing;
  await makeFolders(parent);
  const still = await makeOne(folder); // the parent is there now: ENOENT again is final (as under /proc)
  if (still) throw still;
}

/** Undefined once `folder` is there; mkdir's ENOENT error when it says a parent is missing; else throws. */
async function makeOne(folder: string): Promise<Error | undefined> {
  try {
    await mkdir(folder, { mode: FOLDER_MODE });
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return error as Error;
    if (code !== 'EEXIST') throw error;
  }
  if (!(await stat(folder)).isDirectory()) throw new Error(`ENOTDIR: ${folder} is there but is not a folder`);
  return undefined;
}
