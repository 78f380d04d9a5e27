import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Service } from './service.js';

export interface ServerProcess {
  child: ChildProcess;
  service: Service;
  /** Everything it printed so far. */
  output(): string;
}

const running = new Set<ChildProcess>();

/** Kills every server process a test left behind (a root hook calls it), so no run can hang on one. */
export function killLeftoverServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

export function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * The per-user limits and quotas, out of the way of tests of something else: without
 * a token every request is the one user `local`. The limits' own tests set them.
 */
export const GENEROUS_LIMITS: Record<string, string> = {
  RATE_LIMIT_WRITES: '1000000000',
  MAX_IN_FLIGHT_PER_USER: '1000000',
  MAX_IN_FLIGHT_BYTES_PER_USER: '1024gb',
  QUOTA_STREAMS: '1000000000',
  QUOTA_DEVICES: '1000000000',
  QUOTA_IDENTITY_NAMESPACES: '1000000000',
  QUOTA_DRAFTS: '1000000000',
  QUOTA_READ_MARKERS: '1000000000',
  QUOTA_READ_MARKERS_PER_STREAM: '1000000000',
  QUOTA_IDEMPOTENCY_KEYS: '1000000000',
  QUOTA_BYTES: '1024gb',
};

/** The same settings unset, so at their defaults: a server as deployed (an empty setting would be refused). */
export const DEFAULT_LIMIT_SETTINGS: Settings = Object.fromEntries(
  Object.keys(GENEROUS_LIMITS).map((name) => [name, undefined]),
);

/** Variables for a server process: one given as undefined is unset, whatever this process's environment holds. */
export type Settings = Record<string, string | undefined>;

/** `wrapper` runs the server inside another command, such as `unshare --pid --fork`. */
function spawnServer(dataFile: string, env: Settings, wrapper: string[] = []): ChildProcess {
  const [command, ...args] = [...wrapper, process.execPath, '--import', 'tsx', 'src/server.ts'];
  const settings = { ...process.env, PORT: '0', DATA_FILE: dataFile, SHUTDOWN_DELAY: '0', ...GENEROUS_LIMITS, ...env };
  return track(
    spawn(command!, args, {
      // No shutdown delay: no balancer watches a test's server, and every test stops one.
      env: Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** src/server.ts as a real child process on a free port; resolves once it serves. */
export async function startServerProcess(
  dataFile: string,
  env: Settings = {},
  /** Told all the output so far at each chunk, while it starts: what it says before serving. */
  watch?: (output: string) => void,
): Promise<ServerProcess> {
  const child = spawnServer(dataFile, env);
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += String(chunk);
      watch?.(output);
      const match = /Serving on (https?):\/\/[^:]+:(\d+)/.exec(output);
      if (match)
        resolve({
          child,
          output: () => output,
          service: { url: `${match[1]}://127.0.0.1:${match[2]}`, dataFile, close: async () => {} },
        });
    };
    // Keep reading both pipes for the child's whole life: a closed pipe would fail its later writes.
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before serving: ${output}`)));
  });
}

/** Runs src/server.ts expecting it to refuse to start; resolves to its exit code and stderr. */
export async function refusedStart(
  dataFile: string,
  env: Settings = {},
  wrapper: string[] = [],
): Promise<{ code: number | null; stderr: string }> {
  const child = spawnServer(dataFile, env, wrapper);
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += String(chunk);
  });
  child.stdout!.on('data', (chunk) => {
    if (String(chunk).includes('Serving on')) child.kill('SIGKILL');
  });
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stderr };
}

export async function stop(server: ServerProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  const [code] = await exited;
  return code as number | null;
}

/**
 * Runs `script` (an ES module, TypeScript through tsx, from the project's root) in a process of its own until it
 * prints `line`, then kills it with SIGKILL: what it acknowledged by then is on disk only as it left it.
 */
export async function runThenKill(script: string, line: string): Promise<void> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  while (!output.includes(line)) await once(child.stdout!, 'data');
  child.kill('SIGKILL');
  await once(child, 'exit');
}
