// The image tier (npm run test:image, make test-image; .ci/run runs it before make test): builds the image with
// `make image` and runs it with podman as an operator would (docs/operators/deployment.md, "The container").
// Minutes on a fresh machine (the debootstrap base, npm ci in the build stage), seconds with both cached.
import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { parse } from 'yaml';
import { deploymentMemoryMiB } from '../helpers/kubernetes.js';
import { needs } from '../helpers/needs.js';

const SECRET = 'an-image-test-secret-that-is-long-enough-0123456789';
const VERSION = (parse(readFileSync('openapi.yaml', 'utf8')) as { info: { version: string } }).info.version;
const IMAGE = `collab-service:${VERSION}`;
/** Above SHUTDOWN_DELAY + SHUTDOWN_TIMEOUT, as in deploy/: the stop below must never need it. */
const GRACE_SECONDS = 45;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command to its end, never throwing: its exit code and output. */
function run(command: string, args: string[], options: { timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { maxBuffer: 64 * 1024 * 1024, timeout: options.timeoutMs ?? 120_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

async function podman(...args: string[]): Promise<Run> {
  return run('podman', args);
}

async function mustPodman(...args: string[]): Promise<string> {
  const result = await podman(...args);
  if (result.code !== 0)
    throw new Error(`podman ${args.join(' ')} exited ${result.code}: ${result.stderr}${result.stdout}`);
  return result.stdout.trim();
}

/** What stops this run: podman missing, or (as with no root and no rootless set-up) not working. */
function podmanMissing(): string | undefined {
  const info = spawnSync('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}'], { encoding: 'utf8' });
  if (info.error) return 'podman (apt-get install podman runc debootstrap, as .ci/run does)';
  if (info.status !== 0) return `a working podman (podman info failed: ${info.stderr.trim().split('\n')[0]})`;
  if (process.getuid?.() !== 0) return 'root (make image builds its base with debootstrap)';
  return undefined;
}

const token = (sub: string) =>
  new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));

describe('the container image (make image, deploy/Dockerfile)', function () {
  this.timeout(30 * 60_000);
  const suffix = randomUUID().slice(0, 8);
  const volume = `collab-image-test-${suffix}`;
  const containers: string[] = [];

  before(async function () {
    needs(this, podmanMissing());
    const built = await run('make', ['--no-print-directory', 'image'], { timeoutMs: 25 * 60_000 });
    if (built.code !== 0)
      throw new Error(`make image failed (${built.code}):\n${built.stdout.slice(-4000)}\n${built.stderr.slice(-4000)}`);
    await mustPodman('volume', 'create', volume);
  });

  after(async function () {
    this.timeout(GRACE_SECONDS * 1000 + 60_000);
    for (const name of containers) await podman('rm', '--force', '--time', '0', name);
    for (const name of [volume, ...volumes]) await podman('volume', 'rm', '--force', name);
  });
  const volumes: string[] = [];

  /** Starts a container of the image with the volume at /data and port 3000 published on a free port of 127.0.0.1. */
  async function start(
    env: Record<string, string>,
    extra: string[] = [],
    onVolume = volume,
  ): Promise<{ name: string; url: string }> {
    const name = `collab-image-test-${suffix}-${containers.length}`;
    containers.push(name);
    const environment = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
    await mustPodman(
      'run',
      '--detach',
      '--name',
      name,
      '--volume',
      `${onVolume}:/data`,
      '--publish',
      '127.0.0.1::3000',
      '--stop-timeout',
      String(GRACE_SECONDS),
      ...environment,
      ...extra,
      IMAGE,
    );
    const published = await mustPodman('port', name, '3000/tcp'); // 127.0.0.1:<port>
    return { name, url: `http://${published.split('\n')[0]}` };
  }

  /** Polls /healthz until it answers 200, for at most `bound` ms; fails at once when the container has exited. */
  async function serving(container: { name: string; url: string }, bound = 60_000): Promise<void> {
    const deadline = Date.now() + bound;
    for (;;) {
      const answer = await fetch(`${container.url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.status,
        () => 0,
      );
      if (answer === 200) return;
      const state = await mustPodman('inspect', '--format', '{{.State.Status}}', container.name);
      if (state === 'exited' || Date.now() > deadline) {
        throw new Error(
          `${container.name} did not serve /healthz (${state}):\n${(await podman('logs', container.name)).stderr}${(await podman('logs', container.name)).stdout}`,
        );
      }
      await sleep(250);
    }
  }

  it('when built, then it is tagged with the contract version and latest, runs node as uid 10001 with no npm or make, and declares its volume, port, stop signal and healthcheck', async () => {
    const latest = await mustPodman('image', 'inspect', '--format', '{{.Id}}', 'collab-service:latest');
    expect(await mustPodman('image', 'inspect', '--format', '{{.Id}}', IMAGE)).to.equal(latest);
    const [config] = JSON.parse(await mustPodman('image', 'inspect', IMAGE)) as [
      {
        Config: {
          User: string;
          Cmd: string[];
          Entrypoint?: string[] | null;
          Env: string[];
          Volumes: Record<string, unknown>;
          ExposedPorts: Record<string, unknown>;
          StopSignal: string;
        };
        Healthcheck?: { Test: string[] };
      },
    ];
    expect(config.Config.User).to.equal('10001:10001');
    expect(config.Config.Cmd).to.deep.equal(['node', 'dist/src/server.js']);
    expect(config.Config.Entrypoint ?? []).to.deep.equal([]);
    expect(config.Config.Env).to.include.members(['HOST=0.0.0.0', 'PORT=3000', 'DATA_FILE=/data/db.json']);
    expect(Object.keys(config.Config.Volumes)).to.deep.equal(['/data']);
    expect(Object.keys(config.Config.ExposedPorts)).to.deep.equal(['3000/tcp']);
    expect(config.Config.StopSignal).to.equal('SIGTERM');
    expect(config.Healthcheck?.Test.join(' '), 'HEALTHCHECK, kept by the Docker image format').to.match(
      /^CMD node -e .*\/healthz/,
    );
    // Only what runs: no build tools, no devDependencies.
    const tools = await podman(
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      IMAGE,
      '-c',
      'for tool in npm npx make curl tsc; do command -v $tool; done; ls -d node_modules/typescript node_modules/mocha node_modules/express 2>/dev/null; true',
    );
    expect(tools.stdout.trim()).to.equal('node_modules/express');
  });

  it("when built, then its size and its Node.js binary's are what deployment.md states, within 15%", async () => {
    const text = readFileSync('docs/operators/deployment.md', 'utf8').replace(/\s+/g, ' ');
    const [, imageMb, nodeMb] = /About (\d+) MB, of which Node\.js is (\d+)/.exec(text) ?? [];
    expect(imageMb, 'deployment.md: "About N MB, of which Node.js is M"').to.not.equal(undefined);
    const about = (stated: string | undefined): [number, number] => [Number(stated) * 0.85, Number(stated) * 1.15];
    // Millions of bytes, as podman images counts them.
    const image = Number(await mustPodman('image', 'inspect', '--format', '{{.Size}}', IMAGE)) / 1e6;
    const node = Number(
      await mustPodman('run', '--rm', '--entrypoint', 'sh', IMAGE, '-c', 'stat -c %s "$(command -v node)"'),
    );
    expect(image, `the image, ${image.toFixed(0)} MB`).to.be.within(...about(imageMb));
    expect(node / 1e6, `node, ${(node / 1e6).toFixed(0)} MB`).to.be.within(...about(nodeMb));
  });

  it('when started without authentication, then it refuses to listen on 0.0.0.0, says what to set, and exits 1', async () => {
    const refused = await podman('run', '--rm', IMAGE);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/Refusing to listen on 0\.0\.0\.0 without authentication/);
    expect(refused.stderr)
      .to.match(/AUTH_JWT_SECRET/)
      .and.to.match(/ALLOW_UNAUTHENTICATED=true/);
  });

  it('when run in the memory deploy/kubernetes.yaml gives it, then the heap V8 takes there holds the reserve checked at start-up; in 128Mi less it refuses, naming the heap it needs', async () => {
    const limit = deploymentMemoryMiB();
    expect(limit, "the Deployment's memory limit, in Mi").to.be.above(128);
    // As the manifest runs it, on PostgreSQL; none is reachable here, so once past the heap's check it refuses on that.
    const startIn = (mebibytes: number) =>
      podman(
        'run',
        '--rm',
        `--memory=${mebibytes}m`,
        '--network',
        'none',
        '--env',
        `AUTH_JWT_SECRET=${SECRET}`,
        '--env',
        'DATABASE_URL=postgres://collab@127.0.0.1:1/collab',
        '--env',
        'STORE_START_TIMEOUT=0s',
        IMAGE,
      );
    const fits = await startIn(limit);
    expect(fits.stderr + fits.stdout, 'past the heap check, on to PostgreSQL')
      .to.match(/127\.0\.0\.1:1/)
      .and.not.match(/need a heap/);
    const short = await startIn(limit - 128);
    expect(short.code).to.equal(1);
    expect(short.stderr).to.match(
      /need a heap of \d+mb .*but this process's heap limit is \d+mb: set NODE_OPTIONS=--max-old-space-size=\d+/,
    );
  });

  it('when run with AUTH_JWT_SECRET, a volume and a read-only root, then a write through it is stored on the volume as uid 10001, SIGTERM stops it with exit code 0, and a new container reads it back', async () => {
    const first = await start({ AUTH_JWT_SECRET: SECRET }, ['--read-only']);
    await serving(first);
    const authorization = `Bearer ${await token('alice')}`;

    expect((await fetch(`${first.url}/api/streams/nav`)).status, 'no token').to.equal(401);
    const patched = await fetch(`${first.url}/api/streams/nav`, {
      method: 'PATCH',
      headers: { authorization, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ sort: 'image-test' }),
    });
    expect(patched.status).to.equal(200);
    expect(((await patched.json()) as { sort: string }).sort).to.equal('image-test');
    const ready = await fetch(`${first.url}/readyz`);
    expect(ready.status).to.equal(200);
    expect((await fetch(`${first.url}/docs`)).status, 'the reference built into dist/docs').to.equal(200);

    expect(await mustPodman('exec', first.name, 'id', '-u')).to.equal('10001');
    expect(await mustPodman('top', first.name, 'pid', 'user', 'args'), 'node itself is PID 1').to.match(
      /^1\s+collab\s+node dist\/src\/server\.js\s*$/m,
    );
    const onVolume = await mustPodman(
      'exec',
      first.name,
      'sh',
      '-c',
      'stat -c "%u %n" /data/db.json*; ls -A /data/db.json.d | wc -l',
    );
    expect(onVolume)
      .to.match(/^10001 \/data\/db\.json\.d$/m)
      .and.to.match(/^10001 \/data\/db\.json\.lock$/m);
    expect(Number(onVolume.split('\n').at(-1)), 'files in the data folder').to.be.greaterThan(0);
    const healthcheck = await podman('healthcheck', 'run', first.name);
    expect(healthcheck.code, `the image's HEALTHCHECK: ${healthcheck.stdout}${healthcheck.stderr}`).to.equal(0);

    // podman stop sends the image's STOPSIGNAL and waits the grace period before SIGKILL: exit code 0 means drained, not killed.
    const stopped = await podman('stop', '--time', String(GRACE_SECONDS), first.name);
    expect(stopped.code, stopped.stderr).to.equal(0);
    expect(await mustPodman('inspect', '--format', '{{.State.ExitCode}}', first.name)).to.equal('0');
    expect((await podman('logs', first.name)).stdout)
      .to.match(/SIGTERM: \/readyz answers 503 from now/)
      .and.to.match(/"msg":"Stopped/);

    const second = await start({ AUTH_JWT_SECRET: SECRET });
    await serving(second);
    const read = await fetch(`${second.url}/api/streams/nav`, { headers: { authorization } });
    expect(read.status).to.equal(200);
    expect(((await read.json()) as { sort: string }).sort, 'read back from the volume by a new container').to.equal(
      'image-test',
    );
    const stoppedAgain = await podman('stop', '--time', String(GRACE_SECONDS), second.name);
    expect(stoppedAgain.code, stoppedAgain.stderr).to.equal(0);
    expect(await mustPodman('inspect', '--format', '{{.State.ExitCode}}', second.name)).to.equal('0');
  });
  it('when a fresh container is backed up as documented, the backup taken off the host with podman cp and restored into a new named volume, then a container on that volume reads the write back; pg_dump is in the image', async () => {
    const fresh = `collab-image-test-${suffix}-fresh`;
    const restored = `collab-image-test-${suffix}-restored`;
    volumes.push(fresh, restored);
    await mustPodman('volume', 'create', fresh);
    const first = await start({ AUTH_JWT_SECRET: SECRET }, [], fresh);
    await serving(first);
    const authorization = `Bearer ${await token('bob')}`;
    const patched = await fetch(`${first.url}/api/streams/nav`, {
      method: 'PATCH',
      headers: { authorization, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ sort: 'backed-up' }),
    });
    expect(patched.status).to.equal(200);

    // docs/operators/moving-data.md, "In a container": the commands as written there.
    await mustPodman('exec', first.name, 'node', 'dist/src/cli/backup.js', '/data/backups/today');
    const host = await mkdtemp(join(tmpdir(), 'collab-image-backup-'));
    await mustPodman('cp', `${first.name}:/data/backups/today`, host);
    expect(await readdir(join(host, 'today'))).to.include.members(['db.json', 'db.json.d']);
    expect(await mustPodman('exec', first.name, 'pg_dump', '--version')).to.match(/^pg_dump \(PostgreSQL\) 15\./);
    await mustPodman('stop', '--time', String(GRACE_SECONDS), first.name);

    await mustPodman('volume', 'create', restored);
    await mustPodman(
      'run',
      '--rm',
      '--user',
      '0',
      '--volume',
      `${restored}:/data`,
      '--volume',
      `${join(host, 'today')}:/backup:ro`,
      '--entrypoint',
      'sh',
      IMAGE,
      '-c',
      'cp -a /backup/. /data/ && chown -R 10001:10001 /data',
    );
    const second = await start({ AUTH_JWT_SECRET: SECRET }, [], restored);
    await serving(second);
    const read = await fetch(`${second.url}/api/streams/nav`, { headers: { authorization } });
    expect(((await read.json()) as { sort: string }).sort, 'read back from the restored volume').to.equal('backed-up');
    await mustPodman('stop', '--time', String(GRACE_SECONDS), second.name);
  });
});
