import { unwatchFile, watchFile } from 'node:fs';
import type { Server } from 'node:https';
import { readKeyPair, type HttpsFiles } from '../config/https.js';

/** How often the files are looked at: stat polling sees a file replaced, renamed over or behind a swapped symlink (a Kubernetes secret). */
const POLL_MS = 1_000;

/**
 * Serves a new certificate and key from the next connection on, once both files changed
 * and match; a half-replaced pair (the certificate written, the key not yet) keeps the old
 * one, said once in the log, until the next change completes it.
 */
export function reloadCertificate(
  server: Server,
  files: HttpsFiles,
  log: (level: 'info' | 'warn', line: string) => void,
): void {
  let failed = '';
  const reload = () => {
    try {
      server.setSecureContext(readKeyPair(files));
      failed = '';
      log('info', `HTTPS certificate reloaded from ${files.certFile}`);
    } catch (error) {
      const message = (error as Error).message;
      if (message !== failed) log('warn', `HTTPS certificate not reloaded, the previous one still served: ${message}`);
      failed = message;
    }
  };
  const changed = (now: { mtimeMs: number; ino: number }, before: { mtimeMs: number; ino: number }) => {
    if (now.mtimeMs !== before.mtimeMs || now.ino !== before.ino) reload();
  };
  watchFile(files.certFile, { interval: POLL_MS, persistent: false }, changed);
  watchFile(files.keyFile, { interval: POLL_MS, persistent: false }, changed);
  server.once('close', () => {
    unwatchFile(files.certFile, changed);
    unwatchFile(files.keyFile, changed);
  });
}
