import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { track } from './process.js';

/** Why HAProxy cannot be used here, or undefined when `haproxy` runs. */
export function haproxyMissing(): string | undefined {
  return spawnSync('haproxy', ['-v']).status === 0
    ? undefined
    : "HAProxy, from Debian's haproxy package (apt-get install haproxy)";
}

/** A port free now, for a process that must listen on a known one. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Balancer {
  url: string;
  /** Each server's state as HAProxy sees it: UP, DOWN, or a transition (`UP 1/2`). */
  states(): Promise<string[]>;
  /** Resolves once HAProxy has server `index` in the state wanted. */
  waitFor(index: number, state: 'UP' | 'DOWN'): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Real HAProxy in front of `ports`, checking GET /readyz every `checkEveryMs` (250 ms unless given; two answers
 * to change its mind; no answer within that time fails the check, HAProxy's default), a refused connection
 * retried on another server; an answer cut short is not retried (it may have been done), so a server that closes
 * a kept-alive connection under a request shows as a failed request. With no server up it answers its own 503.
 */
export async function startHaproxy(ports: number[], checkEveryMs = 250): Promise<Balancer> {
  const folder = await mkdtemp(join(tmpdir(), 'haproxy-'));
  const port = await freePort();
  const socket = join(folder, 'admin.sock');
  const config = `global
  stats socket ${socket} mode 600 level admin
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 3
  option redispatch
frontend api
  bind 127.0.0.1:${port}
  default_backend instances
backend instances
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter ${checkEveryMs}ms fall 2 rise 2
${ports.map((backend, index) => `  server s${index} 127.0.0.1:${backend} check`).join('\n')}
`;
  await writeFile(join(folder, 'haproxy.cfg'), config);
  const child = track(
    spawn('haproxy', ['-db', '-f', join(folder, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  await waitUntil(
    () =>
      ask(socket, 'show info\n').then(
        () => true,
        () => false,
      ),
    child,
  );
  const states = async () =>
    (await ask(socket, 'show stat\n'))
      .split('\n')
      .filter((line) => line.startsWith('instances,s'))
      .map((line) => line.split(',')[17] ?? '');
  return {
    url: `http://127.0.0.1:${port}`,
    states,
    waitFor: (index, state) => waitUntil(async () => (await states())[index] === state, child),
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/** One command on HAProxy's runtime API; its whole answer. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = connect(socket, () => connection.end(command));
    connection.on('data', (chunk: Buffer) => {
      answer += String(chunk);
    });
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

/** Polls `check` until it holds; fails at once if HAProxy exits meanwhile. No deadline but the test's. */
async function waitUntil(check: () => Promise<boolean>, child: ChildProcess): Promise<void> {
  while (!(await check())) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
