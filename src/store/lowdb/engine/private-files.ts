import { chmod, lstat, readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Stats } from 'node:fs';
import { FILE_MODE, FOLDER_MODE } from '../../files/modes.js';
import { DataFileError } from './durable-json-file.js';

/** The store follows no symbolic link: one could lead to any file the service may read, and a refusal would quote it. */
export function symlinkRefused(path: string): DataFileError {
  return new DataFileError(
    path,
    'is a symbolic link, which the store never follows: put the file or folder itself in its place',
  );
}

/**
 * Checks and tightens every file of the store at `dataFile` at start-up, under the
 * lock, before any is read: a symbolic link, or anything but a plain file or folder,
 * is refused by path; and each is made its owner's only, so a store made before
 * modes were set (under umask 022: 0644 files in 0755 folders) is tightened once.
 * The files are the manifest, its lock, all under `<dataFile>.d` and the folders an
 * earlier build's upgrade kept; the folder DATA_FILE is in is left as it is (it may be shared, as
 * /var/lib). Resolves to the number of files and folders whose mode changed.
 */
export async function securePrivateFiles(dataFile: string): Promise<number> {
  const kept = `${basename(dataFile)}.upgraded-from-`;
  // A folder that may be listed by no one (mode 0711) holds no kept folders this build could find, nor need to.
  const names = await readdir(dirname(dataFile)).catch(() => []);
  const beside = names.filter((name) => name.startsWith(kept)).map((name) => join(dirname(dataFile), name));
  let changed = 0;
  for (const path of [dataFile, `${dataFile}.lock`, `${dataFile}.d`, ...beside]) changed += await secure(path);
  return changed;
}

/** Refuses a link or a special file, else tightens `path` and, for a folder, all in it; a path gone meanwhile is skipped. */
async function secure(path: string): Promise<number> {
  const found = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new DataFileError(path, `cannot be read (${error.code ?? error.message})`);
  });
  if (!found) return 0;
  if (found.isSymbolicLink()) throw symlinkRefused(path);
  if (!found.isDirectory() && !found.isFile())
    throw new DataFileError(path, 'is not a regular file or folder, which is all the store holds');
  let changed = await tighten(path, found);
  if (found.isDirectory()) for (const name of await readdir(path)) changed += await secure(join(path, name));
  return changed;
}

async function tighten(path: string, found: Stats): Promise<number> {
  const mode = found.isDirectory() ? FOLDER_MODE : FILE_MODE;
  if ((found.mode & 0o777) === mode) return 0;
  await chmod(path, mode).catch((error: NodeJS.ErrnoException) => {
    throw new DataFileError(
      path,
      `cannot be made its owner's only (${error.code ?? error.message}): chmod ${mode.toString(8)} it, as the user the service runs as`,
    );
  });
  return 1;
}
