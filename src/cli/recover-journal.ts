// npm run recover-journal (make recover-journal): after start-up refused a damaged lowdb journal, keeps every entry
// that can be read, before and after the damage, and copies the damaged files aside as they were
// (src/store/lowdb/operations/recover-journal.ts; docs/operators/runbook.md, "A damaged journal"). The service stopped.
import { basename } from 'node:path';
import { recoverJournal } from '../store/lowdb/operations/recover-journal.js';
import { refuse, storeConfigOrExit, timing } from './command.js';
import { describeStore } from './store-sides.js';

const config = storeConfigOrExit('Recovery');
const started = performance.now();
if (config.databaseUrl !== undefined)
  refuse('Recovery', `${describeStore(config)} has no journal: PostgreSQL keeps its own`);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const recovery = await recoverJournal(config.dataFile, stamp).catch((error: unknown) =>
  refuse('Recovery', `${describeStore(config)}: ${(error as Error).message}`),
);
const { entries, changes, skipped, rewritten, closed, missing, aside } = recovery;
if (rewritten.length + missing.length === 0) {
  console.log(
    `Nothing to recover in ${describeStore(config)}: its ${counted(recovery.files, 'journal file reads', 'journal files read')} whole (${entries} entries, ${changes} changes; ${timing(started)})`,
  );
} else {
  const first = skipped.first ? `, the first at byte ${skipped.first.at} of ${skipped.first.path}` : '';
  const names = (paths: string[]) => paths.map((path) => basename(path)).join(', ');
  const ended =
    closed.length > 0
      ? `; ended ${names(closed)} at the close mark it lacked (what followed its last entry is lost)`
      : '';
  const placed =
    missing.length > 0 ? `; wrote ${names(missing)}, missing, holding no entries (what it held is lost)` : '';
  console.log(
    `Recovered the journal of ${describeStore(config)}: kept ${entries} entries (${changes} changes); skipped ${skipped.bytes} bytes ` +
      `in ${counted(skipped.places, 'place', 'places')}${first} (${counted(skipped.lines, 'line that is not a whole entry', 'lines that are not whole entries')})${ended}${placed}; ` +
      `rewrote ${rewritten.length} of ${recovery.files} files${aside ? `, whose damaged copies are in ${aside}` : ''} (${timing(started)}); start the service`,
  );
}

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
