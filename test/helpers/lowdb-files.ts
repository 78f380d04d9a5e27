import { cp, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { freshDataFile } from './service.js';

/** A lowdb journal file's entries: its text up to the zeros filled ahead of them (ZERO_AHEAD_BYTES), where replay stops. */
export async function journalText(path: string): Promise<string> {
  const bytes = await readFile(path);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? bytes.length : end).toString('utf8');
}

/** The files of an open lowdb store, copied as a crash would leave them (nothing checkpointed yet); resolves to the copy's data file. */
export async function crashCopy(dataFile: string): Promise<string> {
  const copy = join(await freshDataFile(), 'db.json');
  await mkdir(dirname(copy), { recursive: true });
  await cp(`${dataFile}.d`, `${copy}.d`, { recursive: true });
  await cp(dataFile, copy);
  return copy;
}
