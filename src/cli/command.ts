import { parseArgs } from 'node:util';
import { loadConfig } from '../config/load-config.js';
import { printable } from '../lib/printable.js';
import type { StoreConfig } from './store-sides.js';

/** The command's one argument, or its usage on stderr and exit code 2. */
export function oneArgumentOrExit(usage: string): string {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [argument] = positionals;
  if (argument === undefined || positionals.length > 1) {
    console.error(`Usage: ${usage}; the store is DATABASE_URL, else DATA_FILE`);
    process.exit(2);
  }
  return argument;
}

/** The store the environment names, or one line on stderr and exit code 1 (the service's own refusal to start). */
export function storeConfigOrExit(command: string): StoreConfig {
  try {
    return loadConfig();
  } catch (error) {
    return refuse(command, (error as Error).message);
  }
}

/** One line on stderr (control characters escaped: what it names may come from a file), exit code 1. */
export function refuse(command: string, why: string): never {
  console.error(printable(`${command} refused: ${why}`));
  process.exit(1);
}

/** Seconds since `started`, records per second and this process's peak memory, for the last line. */
export function rateOf(records: number, started: number): string {
  const seconds = (performance.now() - started) / 1000;
  return timing(started).replace(' s,', ` s, ${Math.round(records / Math.max(seconds, 1e-3))} records/s,`);
}

/** Seconds since `started` and this process's peak memory. */
export function timing(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(2)} s, peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`;
}
