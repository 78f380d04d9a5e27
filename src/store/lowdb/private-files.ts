import { chmod, lstat, readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FILE_MODE, FOLDER_MODE } from '../file-modes.js';
import { DataFileError } from './durable-json-file.js';

/**
 * Makes every file of the store at `dataFile` its owner's only, under the lock at
 * start-up: a store made before modes were set (under umask 022: 0644 files in 0755
 * folders) is tightened once, and later starts find nothing to change. The files
 * are the manifest, its lock, all under `<dataFile>.d` and the folders an upgrade
 * kept; the folder DATA_FILE is in is left as it is (it may be shared, as /var/lib).
 * Resolves to the number of files and folders whose mode changed.
 */
export async function tightenModes(dataFile: string): Promise<number> {
  const kept = `${basename(dataFile)}.upgraded-from-`;
  // A folder that may be listed by no one (mode 0711) holds no kept folders this build could find, nor need to.
  const names = await readdir(dirname(dataFile)).catch(() => []);
  const beside = names.filter((name) => name.startsWith(kept)).map((name) => join(dirname(dataFile), name));
  let changed = 0;
  for (const path of [dataFile, `${dataFile}.lock`, `${dataFile}.d`, ...beside]) changed += await tighten(path);
  return changed;
}

/** Tightens `path` and, for a folder, all in it; a path gone meanwhile is skipped. */
async function tighten(path: string): Promise<number> {
  const found = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new DataFileError(path, `cannot be read (${error.code ?? error.message})`);
  });
  if (!found || !(found.isDirectory() || found.isFile())) return 0;
  const mode = found.isDirectory() ? FOLDER_MODE : FILE_MODE;
  let changed = 0;
  if ((found.mode & 0o777) !== mode) {
    await chmod(path, mode).catch((error: NodeJS.ErrnoException) => {
      throw new DataFileError(path, `cannot be made its owner's only (${error.code ?? error.message}): chmod ${mode.toString(8)} it, as the user the service runs as`);
    });
    changed++;
  }
  if (found.isDirectory()) for (const name of await readdir(path)) changed += await tighten(join(path, name));
  return changed;
}
