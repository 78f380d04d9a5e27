import { mkdir, open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { FOLDER_MODE } from './modes.js';

/** The folder a backup goes into: made now, and new (one that is there already is refused); its parents are made as needed. */
export async function makeBackupFolder(into: string): Promise<void> {
  // A fresh container has no /data/backups: the documented `backup.js /data/backups/today` must work there.
  await mkdir(dirname(resolve(into)), { recursive: true, mode: FOLDER_MODE });
  await mkdir(into, { mode: FOLDER_MODE }).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`${into} cannot be made (${error.code ?? error.message}): a backup goes into a new folder`);
  });
}

const directorySyncs = new Map<string, { started: boolean; done: Promise<void> }>();

/**
 * fsyncs a directory so renames in it survive a crash. Calls that arrive before
 * a sync has started share it; later ones get the next.
 */
export function syncDirectory(path: string): Promise<void> {
  const waiting = directorySyncs.get(path);
  if (waiting && !waiting.started) return waiting.done;
  const previous = waiting?.done ?? Promise.resolve();
  const entry = { started: false, done: Promise.resolve() };
  entry.done = previous
    .catch(() => {})
    .then(async () => {
      entry.started = true;
      const directory = await open(path, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
        if (directorySyncs.get(path) === entry) directorySyncs.delete(path);
      }
    });
  directorySyncs.set(path, entry);
  return entry.done;
}
