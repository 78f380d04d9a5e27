import { open, readFile, unlink } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { DataFileError } from './durable-json-file.js';

interface Owner {
  pid: number;
  /** When the process started (Linux clock ticks), so a reused pid is not mistaken for the owner. */
  started: string | null;
}

/**
 * Makes this process the one owner of `dataFile` through `<dataFile>.lock`.
 * A lock left by a process that is gone is taken over. Resolves to the release.
 */
export async function acquireLock(dataFile: string): Promise<() => Promise<void>> {
  const path = `${dataFile}.lock`;
  const me: Owner = { pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(JSON.stringify(me));
      await file.close();
      return () => unlink(path).catch(() => {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(path);
    if (owner && isAlive(owner)) {
      throw new DataFileError(dataFile, `is in use by process ${owner.pid}; stop it, or give this one another DATA_FILE`);
    }
    await unlink(path).catch(() => {});
  }
  throw new DataFileError(dataFile, 'another process took it over while this one was starting');
}

async function readOwner(path: string): Promise<Owner | undefined> {
  try {
    const owner = JSON.parse(await readFile(path, 'utf8')) as Owner;
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
