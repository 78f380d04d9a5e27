import { lstat, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

/**
 * Runs `start` under `mask`: a child process spawned synchronously inside it (as
 * startServerProcess and runCommand do before their first await) inherits the umask.
 */
export function withUmask<T>(mask: number, start: () => T): T {
  const before = process.umask(mask);
  try {
    return start();
  } finally {
    process.umask(before);
  }
}

/** Every entry under `root` (not `root` itself), as `relative path: kind mode`, in name order. */
export async function modesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const name of (await readdir(folder)).sort()) {
      const path = join(folder, name);
      const entry = await lstat(path).catch(() => undefined); // gone since (a checkpoint's temporary file)
      if (!entry) continue;
      const kind = entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : entry.isSocket() ? 'socket' : 'other';
      found.push(`${relative(root, path)}: ${kind} ${(entry.mode & 0o777).toString(8)}`);
      if (entry.isDirectory()) await walk(path);
    }
  };
  await walk(root);
  return found;
}

/** The entries of modesUnder that are not their owner's only: a folder not 700, anything else not 600. */
export function notPrivate(entries: string[]): string[] {
  return entries.filter((entry) => !/: folder 700$|: (file|socket) 600$/.test(entry));
}
