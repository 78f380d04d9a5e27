import { readdirSync, readFileSync } from 'node:fs';

/**
 * The fields of /proc/PID/stat after the command name, so index 0 is field 3 (state),
 * 1 the parent's pid, 11 utime and 12 stime. The name is cut at the last ")", since it
 * may itself hold one. Throws when the process is gone, or without Linux's /proc.
 */
export function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The live processes whose group is `group` (field 5 of /proc/PID/stat); zombies, already ended, left out. */
export function groupPids(group: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const [state, , processGroup] = statFields(pid);
        return Number(processGroup) === group && state !== 'Z';
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}
