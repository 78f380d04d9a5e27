import { statFields } from '../helpers/proc-stat.js';

/** Linux's unit for the times in /proc/PID/stat (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user and system, all threads) process `pid` has used, with `children` those of its children it has
 * reaped too; undefined without Linux's /proc.
 */
export function cpuSeconds(pid: number, { children = false } = {}): number | undefined {
  try {
    const fields = statFields(pid);
    const own = Number(fields[11]) + Number(fields[12]);
    return (children ? own + Number(fields[13]) + Number(fields[14]) : own) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
