// PostgreSQL's processes for the bench: pinned to the server's core while PostgreSQL rows are measured, so a row
// compares what the service does with one core, as each instance is deployed, not how the machine shares its two;
// and the CPU they use, from /proc.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { CORES } from './harness.js';
import { cpuSeconds } from './cpu.js';

/** The processes of the PostgreSQL server (its postmaster and every backend), by their user. */
function postgresPids(): number[] {
  const listed = spawnSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' });
  return listed.stdout.split('\n').filter(Boolean).map(Number);
}

/**
 * Pins every PostgreSQL process to the server's core (backends forked later inherit the postmaster's); resolves
 * to how to undo it, or to a reason it could not (not Linux, one core, no permission).
 */
export function pinPostgres(): { undo(): void } | { reason: string } {
  if (!CORES) return { reason: 'one core, or no taskset' };
  const pids = postgresPids();
  if (pids.length === 0) return { reason: 'no process of the user postgres on this machine (a remote server?)' };
  const pin = (cores: string) => {
    for (const pid of postgresPids()) spawnSync('taskset', ['-a', '-cp', cores, String(pid)], { stdio: 'ignore' });
  };
  const tried = spawnSync('taskset', ['-a', '-cp', CORES.server, String(pids[0])], { encoding: 'utf8' });
  if (tried.status !== 0) return { reason: `taskset refused: ${tried.stderr.trim()}` };
  pin(CORES.server);
  return { undo: () => pin(`0-${cpus().length - 1}`) };
}

/** A process's command line as PostgreSQL sets it (its title); empty once it has exited. */
function titleOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * CPU seconds PostgreSQL has used so far for `database`: its own processes (WAL writer, checkpointer, …), the
 * backends serving that database, not those of another (tests running meanwhile), and the backends that have
 * exited (the postmaster's reaped children: a pool closes a connection idle for 10 s, within a round too, and its
 * backend's CPU would leave the sum; those of another database that exit meanwhile are counted with them).
 */
export function postgresCpuSeconds(database = 'collab_pg_bench'): number {
  return postgresPids().reduce((sum, pid) => {
    const title = titleOf(pid);
    if (!title.startsWith('postgres:')) return sum + (cpuSeconds(pid, { children: true }) ?? 0); // the postmaster
    const backend = /\(\d+\)|\[local\]/.test(title); // "postgres: 15/main: user database host(port) state"
    return !backend || title.split(' ').includes(database) ? sum + (cpuSeconds(pid) ?? 0) : sum;
  }, 0);
}
