import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const held = new Set<string>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A new folder in the temp folder (TMPDIR), removed on every way out of the process: `remove()`, the end of
 * the event loop, process.exit (a refusal), an uncaught error, SIGINT, SIGTERM and SIGHUP. Made and removed
 * synchronously, so no signal can come between making it and holding it, and nothing is left to the event loop.
 */
export function temporaryFolder(prefix: string): { path: string; remove(): void } {
  if (!held.size) hookExits();
  const path = mkdtempSync(join(tmpdir(), prefix));
  held.add(path);
  return {
    path,
    remove() {
      held.delete(path);
      removeFolder(path);
      if (!held.size) unhookExits();
    },
  };
}

// maxRetries: a write already under way in the thread pool may add a file while the folder is removed.
const removeFolder = (path: string) => rmSync(path, { recursive: true, force: true, maxRetries: 5 });

function removeAll(): void {
  for (const path of held) removeFolder(path);
  held.clear();
}

/** Removes the folders, then lets the signal do what it does (ends the process, as killed by it). */
function onSignal(signal: NodeJS.Signals): void {
  removeAll();
  unhookExits();
  process.kill(process.pid, signal);
}

function hookExits(): void {
  process.on('exit', removeAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function unhookExits(): void {
  process.off('exit', removeAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}
