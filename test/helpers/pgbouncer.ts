import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_DATABASE_URL, throughAddress } from './postgres.js';
import { freePort } from './private-postgres.js';
import { track } from './process.js';

/** A PgBouncer of the test's own, in front of TEST_DATABASE_URL's server (or another's). */
export interface PgBouncer {
  /** host:port it listens on. */
  address: string;
  /** `url` (a URL of the server behind it) through this PgBouncer. */
  through(url: string): string;
  stop(): Promise<void>;
}

/** The pgbouncer binary: on PATH, or where Debian's package puts it (/usr/sbin, not on a user's PATH). */
function binary(): string | undefined {
  return [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin']
    .map((folder) => join(folder, 'pgbouncer'))
    .find((path) => existsSync(path));
}

/** What the helper sets itself, to run here: a file's own values of these are left out. */
const OWN_SETTINGS = new Set([
  'listen_addr',
  'listen_port',
  'unix_socket_dir',
  'auth_type',
  'auth_file',
  'admin_users',
  'pool_mode',
  'logfile',
  'pidfile',
]);

/** The [pgbouncer] settings of deploy/pgbouncer.ini (as `name = value` lines) but those the helper sets itself. */
export function deploySettings(): string[] {
  const text = readFileSync('deploy/pgbouncer.ini', 'utf8');
  const section = text.slice(text.indexOf('[pgbouncer]') + '[pgbouncer]'.length).split(/^\[/m)[0]!;
  return section
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[a-z_]+\s*=/.test(line) && !OWN_SETTINGS.has(line.split('=')[0]!.trim()));
}

/** Why no PgBouncer can be started here, or undefined. */
export function pgbouncerUnavailable(): string | undefined {
  return binary() ? undefined : 'PgBouncer (apt-get install pgbouncer)';
}

/**
 * Starts PgBouncer on a free loopback port with Debian's stock settings but for
 * `pool_mode` (transaction unless given) and what it needs to run here: where to listen,
 * how to log in to TEST_DATABASE_URL's server as its user (a userlist with its password),
 * and that user as the admin console's. ignore_startup_parameters stays unset, as shipped;
 * so do the pool sizes (20 server connections a database), max_client_conn (100) and
 * server_login_retry (15 s), unless `settings` (name = value lines of [pgbouncer]) say otherwise.
 * `serverUrl` is the server behind it: TEST_DATABASE_URL's unless given (a private one); `port` where it listens, a
 * free one unless given (one a service was told of before PgBouncer started).
 */
export async function startPgBouncer(
  poolMode: 'transaction' | 'session' = 'transaction',
  {
    serverUrl = TEST_DATABASE_URL,
    settings = [],
    port: chosen,
  }: { serverUrl?: string; settings?: string[]; port?: number } = {},
): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const folder = await mkdtemp(join(tmpdir(), 'collab-pgbouncer-'));
  const port = chosen ?? (await freePort());
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  await writeFile(join(folder, 'userlist.txt'), `${quote(user)} ${quote(decodeURIComponent(server.password))}\n`, {
    mode: 0o600,
  });
  await writeFile(
    join(folder, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${join(folder, 'userlist.txt')}`,
      `admin_users = ${user}`,
      `pool_mode = ${poolMode}`,
      `logfile = ${join(folder, 'pgbouncer.log')}`,
      ...settings,
    ].join('\n'),
    { mode: 0o600 },
  );
  // PgBouncer will not run as root: -u makes it drop to the postgres user, which must read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((which) =>
      Number(execFileSync('id', [which, 'postgres'], { encoding: 'utf8' })),
    );
    for (const path of [folder, join(folder, 'userlist.txt'), join(folder, 'pgbouncer.ini')])
      await chown(path, uid!, gid!);
  }
  // Its log goes to a file: a pipe nobody drains (a parent in spawnSync) would stop PgBouncer at its next line.
  const child = track(
    spawn(binary()!, ['-q', ...(asRoot ? ['-u', 'postgres'] : []), join(folder, 'pgbouncer.ini')], { stdio: 'ignore' }),
  );
  await listening(port, child, join(folder, 'pgbouncer.log'));
  const address = `127.0.0.1:${port}`;
  return {
    address,
    through: (url) => throughAddress(url, address),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM'); // immediate shutdown
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** Resolves once `port` accepts connections; rejects with PgBouncer's log if it exits first. */
async function listening(port: number, child: ChildProcess, log: string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `pgbouncer exited (${child.exitCode ?? child.signalCode}) before listening: ${await readFile(log, 'utf8').catch(() => '')}`,
      );
    }
    const socket = connect(port, '127.0.0.1');
    const accepted = await once(socket, 'connect').then(
      () => true,
      () => false,
    );
    socket.destroy();
    if (accepted) return;
    await sleep(20);
  }
}
