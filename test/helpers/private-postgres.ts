import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { statFields } from './proc-stat.js';

/**
 * A PostgreSQL server of the test's own: a fresh cluster in a temporary folder, on a free
 * loopback port. A test can stop and start it without disturbing anyone else who uses the
 * machine's cluster.
 */
export interface PrivatePostgres {
  url: string;
  /** pg_ctl stop -m fast: sessions are ended, the server shuts down cleanly. */
  stop(): Promise<void>;
  /** pg_ctl start, waiting until it accepts connections. */
  start(): Promise<void>;
  /** SIGSTOP to the server and its backends: connections stay open and nothing answers. */
  freeze(): Promise<void>;
  /** SIGCONT to the same processes. */
  thaw(): Promise<void>;
  destroy(): Promise<void>;
}

const run = promisify(execFile);
const PASSWORD = 'collab-private';

/** The newest server binaries Debian's packages installed, or undefined. */
function serverBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** Why no private server can be made here, or undefined. */
export function privatePostgresUnavailable(): string | undefined {
  if (!serverBinaries()) return 'no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)';
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser'))
    return 'running as root without runuser to drop to the postgres user';
  return undefined;
}

/** The postmaster of `data` and its children (backends, checkpointer, …): all processes this test started. */
async function serverProcesses(data: string): Promise<number[]> {
  const postmaster = Number((await readFile(join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return Number(statFields(pid)[1]) === postmaster;
      } catch {
        return false; // gone meanwhile
      }
    });
  return [postmaster, ...children.map(Number)];
}

/** A port nobody listens on now, on the loopback address. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** With `tls`, the server also serves TLS with that certificate and key (PEM files; the key is copied for the server). */
export async function startPrivatePostgres(tls?: { certFile: string; keyFile: string }): Promise<PrivatePostgres> {
  const bin = serverBinaries()!;
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: then the postgres user runs it.
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args);
  const folder = await mkdtemp(join(tmpdir(), 'collab-pg-'));
  const data = join(folder, 'data');
  const passwordFile = join(folder, 'password');
  await writeFile(passwordFile, PASSWORD);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    await chown(folder, uid, gid);
    await chown(passwordFile, uid, gid);
  }
  await as('initdb', [
    '-D',
    data,
    '-U',
    'collab',
    '--pwfile',
    passwordFile,
    '-A',
    'scram-sha-256',
    '-E',
    'UTF8',
    '--locale',
    'C',
    '--no-sync',
  ]);
  const port = await freePort();
  let options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`;
  if (tls) {
    // Copied where the server's user can read them; PostgreSQL wants its key its own and private.
    const [cert, key] = [join(folder, 'server.crt'), join(folder, 'server.key')];
    await copyFile(tls.certFile, cert);
    await copyFile(tls.keyFile, key);
    await chmod(key, 0o600);
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      await Promise.all([chown(cert, uid, 0), chown(key, uid, 0)]);
    }
    options += ` -c ssl=on -c ssl_cert_file=${cert} -c ssl_key_file=${key}`;
  }
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-l', join(folder, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  const signal = async (name: NodeJS.Signals) => {
    for (const pid of await serverProcesses(data)) process.kill(pid, name);
  };
  await start();
  return {
    url: `postgres://collab:${PASSWORD}@127.0.0.1:${port}/postgres`,
    start,
    stop,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    async destroy() {
      await signal('SIGCONT').catch(() => {});
      await stop().catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}
