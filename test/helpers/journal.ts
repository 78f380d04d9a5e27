import { readFile } from 'node:fs/promises';

/** A lowdb journal file's entries: its text up to the zeros filled ahead of them (ZERO_AHEAD_BYTES), where replay stops. */
export async function journalText(path: string): Promise<string> {
  const bytes = await readFile(path);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? bytes.length : end).toString('utf8');
}
