// deploy/compose.yaml as an operator runs it here (docs/operators/deployment.md, "Compose"): podman-compose builds
// PostgreSQL and PgBouncer from Debian's packages and starts all three at once (podman 4.3 ignores service_healthy),
// and the service still becomes ready through PgBouncer and stores what it is sent. Minutes from nothing.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { needs } from '../helpers/needs.js';

const COMPOSE_TOOL = ['.venv/bin/podman-compose', 'podman-compose'].find(
  (tool) => spawnSync(tool, ['--version']).status === 0,
);
const SERVICES = ['collab', 'pgbouncer', 'postgres'];

/** A command to its end, never throwing: its exit code and output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(command, args, { env, maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, output: `${String(stdout)}${String(stderr)}` });
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function missing(): string | undefined {
  if (spawnSync('podman', ['info'], { encoding: 'utf8' }).status !== 0) return 'a working podman';
  if (process.getuid?.() !== 0) return 'root (the base image is made with debootstrap)';
  if (!COMPOSE_TOOL) return 'podman-compose (.ci/run installs it: .venv/bin/pip install podman-compose)';
  return undefined;
}

describe('deploy/compose.yaml with podman-compose', function () {
  this.timeout(30 * 60_000);
  const project = `collab-compose-test-${randomUUID().slice(0, 8)}`;
  const secret = randomBytes(32).toString('hex');
  let env: NodeJS.ProcessEnv = process.env;
  let folder = '';
  let url = '';
  let up = false;

  const compose = async (args: string[], timeoutMs = 10 * 60_000): Promise<string> => {
    const result = await run(COMPOSE_TOOL!, ['-p', project, '-f', 'deploy/compose.yaml', ...args], env, timeoutMs);
    if (result.code !== 0) throw new Error(`podman-compose ${args.join(' ')} exited ${result.code}:\n${result.output}`);
    return result.output;
  };
  const podman = (...args: string[]) => run('podman', args, env);
  const container = (service: string) => `${project}_${service}_1`;
  const logs = async () =>
    (await Promise.all(SERVICES.map(async (s) => `--- ${s}:\n${(await podman('logs', container(s))).output}`))).join(
      '\n',
    );

  before(async function () {
    needs(this, missing());
    // The service's image from these sources (the base first, when missing): seconds when cached.
    const built = await run('deploy/image.sh', [], { ...process.env, CONTAINER_ENGINE: 'podman' }, 25 * 60_000);
    if (built.code !== 0) throw new Error(`deploy/image.sh failed (${built.code}):\n${built.output.slice(-4000)}`);
    folder = await mkdtemp(join(tmpdir(), 'collab-compose-test-'));
    // As deployment.md makes it (openssl rand -hex 32 >): a trailing newline, readable by uid 10001.
    await writeFile(join(folder, 'auth_jwt_secret'), `${secret}\n`, { mode: 0o644 });
    const port = await freePort();
    env = {
      ...process.env,
      POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
      COLLAB_JWT_SECRET_FILE: join(folder, 'auth_jwt_secret'),
      COLLAB_PORT: String(port),
    };
    url = `http://127.0.0.1:${port}`;
    await compose(['build', 'postgres', 'pgbouncer'], 25 * 60_000);
    up = true; // from here on, `down` has something to remove even when `up` fails half-way
    await compose(['up', '-d']);
  });

  after(async function () {
    this.timeout(5 * 60_000);
    if (up) await compose(['down', '-v']).catch((error: unknown) => console.log(String(error)));
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('when brought up, then the service becomes ready through PgBouncer, stores a write made with a token signed by the secret and reads it back, and every container is healthy, non-root and restarts unless stopped', async () => {
    const deadline = Date.now() + 5 * 60_000;
    for (;;) {
      const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`/readyz never answered 200 (last ${status}):\n${await logs()}`);
      await sleep(1000);
    }

    const token = await new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(secret));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/merge-patch+json' };
    const body = JSON.stringify({ sort: `compose-${project}` });
    const patched = await fetch(`${url}/api/streams/nav`, { method: 'PATCH', headers, body });
    expect(patched.status, await logs()).to.equal(200);
    expect(((await patched.json()) as { sort: string }).sort).to.equal(`compose-${project}`);
    expect((await fetch(`${url}/api/streams/nav`)).status, 'no token').to.equal(401);
    const read = await fetch(`${url}/api/streams/nav`, { headers: { authorization: headers.authorization } });
    expect(read.status).to.equal(200);
    expect(((await read.json()) as { sort: string }).sort, 'read back').to.equal(`compose-${project}`);
    expect((await podman('logs', container('collab'))).output).to.include('data in postgresql://pgbouncer:6432/collab');

    for (const service of SERVICES) {
      // podman runs no healthcheck timer without systemd: run compose's healthcheck once, by hand.
      const health = await podman('healthcheck', 'run', container(service));
      expect(health.code, `${service}'s healthcheck: ${health.output}`).to.equal(0);
      const policy = await podman('inspect', '--format', '{{.HostConfig.RestartPolicy.Name}}', container(service));
      expect(policy.output.trim(), service).to.equal('unless-stopped');
    }
    for (const [service, user] of [
      ['postgres', 'postgres'],
      ['pgbouncer', 'postgres'],
    ] as const) {
      const ps = await podman('top', container(service), 'user', 'args');
      expect(ps.output, `${service} runs as ${user}`).to.match(new RegExp(`^${user}\\s+${service}\\b`, 'm'));
    }
  });
});
