// What the benchmark's parts share: servers in their own processes, autocannon load, table rows.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { cpuSeconds } from './cpu.js';
import { benchStreamId } from './ids.js';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
export const CONNECTIONS = 50;

export interface Server {
  port: number;
  dataFile?: string;
  /** CPU seconds the server process has used so far (undefined without /proc). */
  cpuSeconds(): number | undefined;
  /** Opens, then closes, a window in which the server's event-loop stalls are measured. */
  toggleStallWindow(): void;
  stop(): Promise<{ maxRssMb: number; loopMaxMs: number; loopP99Ms: number }>;
}

/** test/bench/serve.ts in a process of its own, with `args`. */
export async function serve(...args: string[]): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/bench/serve.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = (await lines.next()).value as string | undefined;
  if (first === undefined) throw new Error(`test/bench/serve.ts ${args.join(' ')} exited before serving`);
  const { port, dataFile } = JSON.parse(first) as { port: number; dataFile?: string };
  return {
    port,
    dataFile,
    cpuSeconds: () => cpuSeconds(child.pid!),
    toggleStallWindow: () => child.kill('SIGUSR2'),
    async stop() {
      child.kill('SIGTERM');
      const stats = JSON.parse((await lines.next()).value as string);
      await once(child, 'exit');
      return stats;
    },
  };
}

export function load(port: number, request: autocannon.Request, seconds = SECONDS, connections = CONNECTIONS): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [request],
  });
}

/** The read-marker workload: each request moves the marker of a random one of `records` seeded streams. */
export function readMarkerRequest(records: number): autocannon.Request {
  return {
    method: 'PUT',
    path: '/api/chat/reads',
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({ streamId: benchStreamId(Math.floor(Math.random() * records)), lastReadMessageId: randomUUID() }),
    }),
  };
}

export const ms = (value: number) => value.toFixed(1);
export const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
