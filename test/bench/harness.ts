// What the benchmark's parts share: servers in their own processes, autocannon load, table rows.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { cpuSeconds } from './cpu.js';
import { benchStreamId, DEVICE_BODY } from './ids.js';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
export const CONNECTIONS = 50;

export interface Server {
  port: number;
  dataFile?: string;
  /** CPU seconds the server process has used so far (undefined without /proc). */
  cpuSeconds(): number | undefined;
  /** Opens, then closes, a window in which the server's event-loop stalls are measured; resolves once the server has. */
  toggleStallWindow(): Promise<void>;
  /**
   * Stops the process (SIGSTOP) until `resume`: a server waiting for its next round does nothing on the server
   * core meanwhile, not even collect its garbage, as one server per core is deployed.
   */
  pause(): unknown;
  resume(): void;
  /** Its peak RSS, stalls and checkpoints; with BENCH_PROMOTION set, what its scavenges promoted in its windows. */
  stop(): Promise<{
    maxRssMb: number;
    loopMaxMs: number;
    loopP99Ms: number;
    checkpoints: number;
    promotedBytes: number;
  }>;
}

/**
 * The cores: each server on the first, the load (this process) on the second, as a
 * server with one instance per core is deployed; undefined on a machine of one core,
 * or without taskset. PostgreSQL's processes join the server's core while its rows run (postgres-rows.ts).
 */
export const CORES =
  cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0 ? { server: '0', load: '1' } : undefined;

/**
 * Compiles the servers as `npm run build` does (into .bench/), so they run as deployed,
 * not through tsx, and pins this process, the load, to its core.
 */
export function prepare(): void {
  const compiled = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.bench.json'], {
    stdio: 'inherit',
  });
  if (compiled.status !== 0) throw new Error('tsc -p tsconfig.bench.json failed');
  if (CORES) spawnSync('taskset', ['-cp', CORES.load, String(process.pid)], { stdio: 'ignore' });
}

/** test/bench/serve.ts (compiled by prepare) in a process of its own, pinned to the server core, with `args`. */
export function serve(...args: string[]): Promise<Server> {
  return serveWith([], ...args);
}

/**
 * A durable server's store is seeded in a process of its own first (serve.ts `seed`), so the server's peak RSS is
 * what it takes to open and serve the store, not to fill it.
 */
function seedFirst([mode, records = '0', devices = '0']: string[]): void {
  if (!mode?.startsWith('durable') || Number(records) + Number(devices) === 0) return;
  const seeding = spawnSync(process.execPath, ['.bench/test/bench/serve.js', 'seed', records, devices], {
    stdio: 'inherit',
  });
  if (seeding.status !== 0) throw new Error(`seeding ${records} records and ${devices} devices failed`);
}

/** As serve, with `nodeFlags` for node itself (bench:profile's --cpu-prof) and variables of its own (`env`). */
export async function serveWith(
  nodeFlags: string[] | { nodeFlags?: string[]; env?: Record<string, string> },
  ...args: string[]
): Promise<Server> {
  const { nodeFlags: flags = [], env = {} } = Array.isArray(nodeFlags) ? { nodeFlags } : nodeFlags;
  seedFirst(args);
  const command = [process.execPath, ...flags, '.bench/test/bench/serve.js', ...args];
  const pinned = CORES ? ['taskset', '-c', CORES.server, ...command] : command;
  const child: ChildProcess = spawn(pinned[0]!, pinned.slice(1), {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = (await lines.next()).value as string | undefined;
  if (first === undefined) throw new Error(`test/bench/serve.ts ${args.join(' ')} exited before serving`);
  const { port, dataFile } = JSON.parse(first) as { port: number; dataFile?: string };
  return {
    port,
    dataFile,
    cpuSeconds: () => cpuSeconds(child.pid!),
    async toggleStallWindow() {
      child.kill('SIGUSR2');
      await lines.next(); // {"measuring":…}: a pause after a close finds it closed
    },
    // Not PostgreSQL's: one stopped mid-transaction would hold its keys' locks, which the other rows' servers
    // take too (advisory locks are the database's, not a schema's).
    pause: () => args[0] !== 'postgres' && child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async stop() {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      const stats = JSON.parse((await lines.next()).value as string);
      await once(child, 'exit');
      return stats;
    },
  };
}

export function load(
  port: number,
  request: autocannon.Request,
  seconds = SECONDS,
  connections = CONNECTIONS,
): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [request],
  });
}

/** The device PUT, the same device each time (its registration replaced). */
export const devicePut: autocannon.Request = { method: 'PUT', path: '/api/notifications/devices', body: DEVICE_BODY };

let installations = 0;
/** The device PUT, each request a new device of the bench's user (filed into the user's index, not replacing one). */
export const newDevicePut: autocannon.Request = {
  method: 'PUT',
  path: '/api/notifications/devices',
  setupRequest: (req) => ({ ...req, body: DEVICE_BODY.replace('"bench-phone"', `"new-${installations++}"`) }),
};

/** The read-marker workload: each request moves the marker of a random one of `records` seeded streams. */
export function readMarkerRequest(records: number): autocannon.Request {
  return {
    method: 'PUT',
    path: '/api/chat/reads',
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({
        streamId: benchStreamId(Math.floor(Math.random() * records)),
        lastReadMessageId: randomUUID(),
      }),
    }),
  };
}

export const ms = (value: number) => value.toFixed(1);
export const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
