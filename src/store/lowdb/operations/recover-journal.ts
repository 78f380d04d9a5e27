import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { mustHoldStore } from '../engine/folder.js';
import { journalNumbers, journalPath, removeLeftTemporaries } from '../engine/journal-files.js';
import { readJournal, type Damage } from '../engine/journal-read.js';
import { acquireLock } from './lock.js';
import { copyAside, rewriteFiles, type Rewrite } from './journal-rewrite.js';
import { scanFile } from './journal-scan.js';

/** The most files missing in a row that recovery writes in their place: more were never a journal's (a name made by hand). */
const MOST_MISSING = 1000;

/** What recovering a journal did, for its one line. */
export interface Recovery {
  files: number;
  /** The files rewritten with their readable entries alone. */
  rewritten: string[];
  /** Of them, closed files that lacked their close mark or held nothing: what followed their last entry is lost. */
  closed: string[];
  /** Files written in place of missing ones, holding no entries: the entries those held are lost. */
  missing: string[];
  /** The entries (lines of changes) every file keeps, and the changes in them. */
  entries: number;
  changes: number;
  skipped: { bytes: number; lines: number; places: number; first: { path: string; at: number } | undefined };
  /** Where the damaged files were copied, as they were. */
  aside: string | undefined;
  /** Temporary files an interrupted recovery left, removed. */
  leftovers: number;
}

/**
 * Keeps every entry of the lowdb journal at `dataFile` that can be read, before and after any damage, with no service
 * running (it takes the lock). Each file start-up refuses (readJournal) is first copied as it was into
 * `<dataFile>.damaged-<stamp>/journal/`, durably, then rewritten with its whole entries alone, in order, a closed one
 * ending at its close mark; a missing file is written holding nothing. The new files are written whole before any
 * takes an old one's place, so a failure (a full disk) changes no journal file. The store then starts, and replays
 * them. What the damage destroyed is lost; what was skipped is counted.
 */
export async function recoverJournal(dataFile: string, stamp: string): Promise<Recovery> {
  await mustHoldStore(dataFile);
  const release = await acquireLock(dataFile);
  try {
    const folder = join(`${dataFile}.d`, 'journal');
    const leftovers = (await removeLeftTemporaries(folder)).length;
    const damages: Damage[] = [];
    await readJournal(
      folder,
      () => {},
      (damage) => damages.push(damage),
    );
    const numbers = await journalNumbers(folder);
    const recovery: Recovery = {
      files: numbers.length,
      rewritten: [],
      closed: [],
      missing: [],
      entries: 0,
      changes: 0,
      skipped: { bytes: 0, lines: 0, places: 0, first: undefined },
      aside: undefined,
      leftovers,
    };
    const rewrites: Rewrite[] = [];
    for (const number of numbers) {
      const path = journalPath(folder, number);
      const scan = await scanFile(path, number === numbers.at(-1));
      recovery.entries += scan.entries;
      recovery.changes += scan.changes;
      const damage = damages.find((found) => found.kind !== 'missing' && found.number === number);
      if (!damage || damage.kind === 'missing') continue;
      rewrites.push({ path, from: path, closed: damage.role !== 'newest' });
      recovery.rewritten.push(path);
      if (damage.kind !== 'unread') recovery.closed.push(path);
      const { bytes, lines, places, first } = scan.skipped;
      recovery.skipped.bytes += bytes;
      recovery.skipped.lines += lines;
      recovery.skipped.places += places;
      recovery.skipped.first ??= first === undefined ? undefined : { path, at: first };
    }
    for (const damage of damages) {
      if (damage.kind !== 'missing') continue;
      const { from, to } = damage.missing;
      if (to - from >= MOST_MISSING)
        throw new Error(
          `${damage.error.message.split(': the journal')[0]}: too many to write in their place; ` +
            'a file numbered so far after the others is no file of this journal: move it out of the folder',
        );
      for (let number = from; number <= to; number++) {
        rewrites.push({ path: journalPath(folder, number), from: undefined, closed: true });
        recovery.missing.push(journalPath(folder, number));
      }
    }
    if (rewrites.length === 0) return recovery;
    if (recovery.rewritten.length > 0) recovery.aside = `${dataFile}.damaged-${stamp}`;
    try {
      if (recovery.aside) await copyAside(recovery.rewritten, recovery.aside);
      await rewriteFiles(rewrites);
    } catch (error) {
      if (recovery.aside) await rm(recovery.aside, { recursive: true, force: true }); // the files it copies are as they were
      throw new Error(`${(error as Error).message}: no journal file was changed; make room, then run it again`, {
        cause: error,
      });
    }
    return recovery;
  } finally {
    await release();
  }
}
