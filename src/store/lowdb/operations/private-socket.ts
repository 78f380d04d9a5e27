import { once } from 'node:events';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { FILE_MODE, FOLDER_MODE } from '../../files/modes.js';

/**
 * Listens on the Unix socket `path` so that it appears there with mode 0600 already: bound
 * in `folder`, made fresh with mode 0700 (so no one else can reach the socket while its mode
 * is the umask's), made 0600 there, then renamed into place in one step. Race-free, where a
 * chmod after listen leaves a moment at the umask's mode and a umask set around listen is
 * process-wide (libuv's threads making the store's folders meanwhile would get it too).
 * `folder` must be a path the caller owns (beside its lock) no longer than `path`.
 */
export async function listenPrivately(server: Server, path: string, folder: string): Promise<void> {
  const bound = join(folder, 's');
  await rm(folder, { recursive: true, force: true }); // left by an owner that died here; a link is removed, not followed
  await mkdir(folder, { mode: FOLDER_MODE }); // fails if another made it meanwhile
  try {
    server.listen(bound);
    await once(server, 'listening'); // or the 'error' rejects
    await chmod(bound, FILE_MODE);
    await rename(bound, path); // replaces a socket left by a crash
  } catch (error) {
    server.close();
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
