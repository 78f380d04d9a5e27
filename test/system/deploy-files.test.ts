// The deployment files in deploy/ (docs/operators/deployment.md, "The container"), read as their tools would and
// held to one another and to deploy/Dockerfile: the port, the user, the command, the secret, and a grace period
// above the service's shutdown. Building and running the image is the image tier's (test/image/).
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { parse, parseAllDocuments } from 'yaml';
import { heapReserveBytes } from '../../src/config/heap-budget.js';
import { DEFAULT_LIMITS } from '../../src/config/limits.js';
import { deploymentMemoryMiB } from '../helpers/kubernetes.js';
import { needs } from '../helpers/needs.js';
import { deploySettings, pgbouncerUnavailable, startPgBouncer } from '../helpers/pgbouncer.js';

/** The defaults of SHUTDOWN_DELAY (/readyz answers 503 before the listener closes) and SHUTDOWN_TIMEOUT (in-flight requests). */
const SHUTDOWN_DELAY_SECONDS = 5;
const SHUTDOWN_TIMEOUT_SECONDS = 30;
const SHUTDOWN_SECONDS = SHUTDOWN_DELAY_SECONDS + SHUTDOWN_TIMEOUT_SECONDS;

const dockerfile = readFileSync('deploy/Dockerfile', 'utf8');
/** The runtime stage's instructions (after its FROM), continuation lines joined. */
const runtime = dockerfile
  .split(/^FROM .* AS runtime$/m)[1]!
  .replace(/\\\n/g, ' ')
  .split('\n')
  .filter((line) => /^[A-Z]+ /.test(line));
const instruction = (name: string) =>
  runtime.filter((line) => line.startsWith(`${name} `)).map((line) => line.slice(name.length + 1).trim());
const IMAGE = {
  user: instruction('USER')[0],
  port: Number(instruction('EXPOSE')[0]),
  cmd: JSON.parse(instruction('CMD')[0]!) as string[],
  env: Object.fromEntries(
    instruction('ENV')
      .join(' ')
      .split(/\s+/)
      .filter((word) => word.includes('='))
      .map((word) => word.split('=')),
  ) as Record<string, string>,
};

/** `45s`, `1m30s`, `45`: seconds. */
function seconds(duration: string | number): number {
  if (typeof duration === 'number') return duration;
  const parts = [...duration.matchAll(/(\d+)(h|m|s|ms)?/g)];
  expect(parts.length, `a duration: ${duration}`).to.be.greaterThan(0);
  return parts.reduce(
    (sum, [, count, unit]) => sum + Number(count) * ({ h: 3600, m: 60, s: 1, ms: 0.001 }[unit ?? 's'] ?? 1),
    0,
  );
}

describe('deploy/Dockerfile', () => {
  it('when read, then its runtime stage runs node directly as a numeric non-root user, with the data file on /data, port 3000, SIGTERM and a healthcheck', () => {
    expect(dockerfile).to.match(/^ARG BASE=collab-base:bookworm$/m);
    expect(dockerfile.match(/^FROM \$\{BASE\} AS /gm)).to.have.length(2);
    expect(IMAGE.user).to.match(/^[1-9]\d*:[1-9]\d*$/); // numeric, so Kubernetes' runAsNonRoot can check it
    expect(IMAGE.cmd).to.deep.equal(['node', 'dist/src/server.js']);
    expect(instruction('ENTRYPOINT')).to.deep.equal([]);
    expect(IMAGE.env).to.include({ HOST: '0.0.0.0', PORT: '3000', DATA_FILE: '/data/db.json' });
    expect(IMAGE.env).not.to.have.property('ALLOW_UNAUTHENTICATED');
    expect(instruction('VOLUME')).to.deep.equal(['/data']);
    expect(IMAGE.port).to.equal(3000);
    expect(instruction('STOPSIGNAL')).to.deep.equal(['SIGTERM']);
    expect(instruction('HEALTHCHECK')[0]).to.match(/CMD \["node", "-e", ".*\/healthz/);
  });

  it('when its build context is listed, then every file the Dockerfile copies is in it, and nothing else of size', () => {
    const ignore = readFileSync('deploy/Dockerfile.dockerignore', 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(ignore[0]).to.equal('*');
    const allowed = ignore.slice(1).map((line) => line.replace(/^!/, ''));
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => match[1]!.split(/\s+/));
    for (const source of copied) {
      expect(
        allowed.some((entry) => source === entry || source.startsWith(`${entry}/`)),
        `${source} is in the build context`,
      ).to.equal(true);
      expect(existsSync(source), source).to.equal(true);
    }
    expect(allowed).not.to.include.members(['node_modules', 'dist', '.tools', '.git']);
  });
});

describe('deploy/compose.yaml', () => {
  type Service = {
    image?: string;
    environment?: Record<string, string>;
    secrets?: string[];
    healthcheck?: { test: string[] };
    stop_grace_period?: string;
    stop_signal?: string;
    depends_on?: Record<string, { condition: string }>;
    build?: { context: string; dockerfile: string };
  };
  const compose = parse(readFileSync('deploy/compose.yaml', 'utf8')) as {
    services: Record<string, Service>;
    secrets: Record<string, { file: string }>;
  };
  const { collab, pgbouncer, postgres } = compose.services;

  it('when parsed, then it runs the image on PostgreSQL through PgBouncer in transaction pooling, with the JWT secret from a compose secret', () => {
    expect(Object.keys(compose.services).sort()).to.deep.equal(['collab', 'pgbouncer', 'postgres']);
    expect(collab!.image).to.equal('collab-service:latest');
    expect(collab!.build).to.deep.include({ context: '..', dockerfile: 'deploy/Dockerfile' });
    expect(collab!.environment!.DATABASE_URL).to.match(/^postgres:\/\/collab:[^@]+@pgbouncer:6432\/collab$/);
    expect(pgbouncer!.environment).to.include({ POOL_MODE: 'transaction', LISTEN_PORT: '6432', DB_HOST: 'postgres' });
    // Transaction pooling needs no setting: the service sends no startup parameter and no named statement.
    expect(pgbouncer!.environment).not.to.have.any.keys('IGNORE_STARTUP_PARAMETERS', 'MAX_PREPARED_STATEMENTS');
    expect(collab!.secrets).to.deep.equal(['auth_jwt_secret']);
    expect(compose.secrets.auth_jwt_secret).to.have.property('file');
    expect(collab!.environment).not.to.have.property('AUTH_JWT_SECRET');
    expect(collab!.environment).not.to.have.property('ALLOW_UNAUTHENTICATED');
    // The service reads the secret's file itself: the image's own command runs, node as PID 1.
    expect(collab!.environment!.AUTH_JWT_SECRET_FILE).to.equal('/run/secrets/auth_jwt_secret');
    expect(collab).not.to.have.property('entrypoint');
    expect(collab).not.to.have.property('command');
  });

  it('when parsed, then every service has a healthcheck, starts after what it needs is healthy, and the service gets a grace period above its shutdown', () => {
    for (const [name, service] of Object.entries(compose.services))
      expect(service.healthcheck?.test, `${name}'s healthcheck`).to.be.an('array').that.is.not.empty;
    expect(collab!.depends_on).to.deep.equal({ pgbouncer: { condition: 'service_healthy' } });
    expect(pgbouncer!.depends_on).to.deep.equal({ postgres: { condition: 'service_healthy' } });
    expect(collab!.healthcheck!.test.join(' ')).to.include(`127.0.0.1:${IMAGE.port}/healthz`);
    expect(collab!.stop_signal).to.equal('SIGTERM');
    expect(seconds(collab!.stop_grace_period!)).to.be.greaterThan(SHUTDOWN_SECONDS).and.to.equal(45);
    expect(postgres!.healthcheck!.test).to.include('pg_isready');
  });

  it('when a compose tool is installed, then it accepts the file (else the parse above stands)', async function () {
    this.timeout(60_000);
    const podmanCompose = ['.venv/bin/podman-compose', 'podman-compose'].find(
      (tool) => spawnSync(tool, ['--version']).status === 0,
    );
    const docker = spawnSync('docker', ['compose', 'version']).status === 0;
    if (!podmanCompose && !docker) {
      console.log('      (no podman-compose or docker compose here: the YAML parse above stands)');
      return;
    }
    const [command, args] = podmanCompose
      ? [podmanCompose, ['-f', 'deploy/compose.yaml', 'config']]
      : ['docker', ['compose', '-f', 'deploy/compose.yaml', 'config']];
    const { stdout } = await promisify(execFile)(command, args, {
      env: { ...process.env, POSTGRES_PASSWORD: 'compose-config-check' },
    });
    expect(stdout).to.include('pgbouncer:6432');
  });
});

describe('deploy/pgbouncer.ini', () => {
  const ini = readFileSync('deploy/pgbouncer.ini', 'utf8');
  const setting = (name: string) => new RegExp(`^${name}\\s*=\\s*(.+)$`, 'm').exec(ini)?.[1]?.trim();
  /** The Retry-After the service answers while its store cannot serve (src/errors/error-handler.ts). */
  const RETRY_AFTER_SECONDS = 5;

  it('when read, then it pools transactions and retries a failed login to PostgreSQL before the service asks clients to retry, and compose sets the same', () => {
    expect(setting('pool_mode')).to.equal('transaction');
    expect(Number(setting('server_login_retry')))
      .to.be.above(0)
      .and.below(RETRY_AFTER_SECONDS);
    const compose = parse(readFileSync('deploy/compose.yaml', 'utf8')) as {
      services: { pgbouncer: { environment: Record<string, string> } };
    };
    expect(compose.services.pgbouncer.environment).to.include({
      POOL_MODE: setting('pool_mode'),
      SERVER_LOGIN_RETRY: setting('server_login_retry'),
      DEFAULT_POOL_SIZE: setting('default_pool_size'),
      MAX_CLIENT_CONN: setting('max_client_conn'),
    });
  });

  it('when PgBouncer is installed, then it starts with the settings of the file (it refuses one it does not know)', async function () {
    needs(this, pgbouncerUnavailable());
    expect(deploySettings()).to.include('server_login_retry = 1');
    const bouncer = await startPgBouncer('transaction', { settings: deploySettings() });
    await bouncer.stop();
  });
});

describe('deploy/kubernetes.yaml', () => {
  type Container = {
    image: string;
    ports: { name: string; containerPort: number }[];
    env: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
    readinessProbe: { httpGet: { path: string; port: string } };
    livenessProbe: { httpGet: { path: string; port: string } };
    lifecycle?: { preStop?: unknown };
    resources: { requests: Record<string, string>; limits: Record<string, string> };
    securityContext: {
      readOnlyRootFilesystem: boolean;
      allowPrivilegeEscalation: boolean;
      capabilities: { drop: string[] };
    };
  };
  type Manifest = {
    apiVersion: string;
    kind: string;
    metadata: { name: string; labels?: Record<string, string> };
    spec: Record<string, unknown>;
  };
  const documents = parseAllDocuments(readFileSync('deploy/kubernetes.yaml', 'utf8'));
  const manifests = documents.map((document) => document.toJS() as Manifest);
  /** The one manifest of that kind. */
  function one<T>(kind: string): T {
    const found = manifests.filter((manifest) => manifest.kind === kind);
    expect(found, kind).to.have.length(1);
    return found[0] as unknown as T;
  }

  it('when parsed, then every document is a well-formed object with apiVersion, kind and metadata.name', () => {
    for (const document of documents) expect(document.errors, String(document.errors)).to.deep.equal([]);
    expect(manifests.map((manifest) => manifest.kind)).to.include.members(['Deployment', 'Service']);
    for (const manifest of manifests) {
      expect(manifest.apiVersion, manifest.kind).to.be.a('string').and.not.empty;
      expect(manifest.metadata.name, manifest.kind).to.match(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
      expect(manifest.spec, manifest.kind).to.be.an('object');
    }
  });

  it('when parsed, then the Deployment runs 3 replicas probed on /readyz and /healthz, non-root and read-only, with resources, secrets and a grace period above the shutdown, and no preStop hook', () => {
    const deployment = one<{
      spec: {
        replicas: number;
        selector: { matchLabels: Record<string, string> };
        template: {
          metadata: { labels: Record<string, string> };
          spec: {
            terminationGracePeriodSeconds: number;
            securityContext: { runAsNonRoot: boolean; runAsUser: number; runAsGroup: number };
            containers: Container[];
          };
        };
      };
    }>('Deployment');
    const pod = deployment.spec.template.spec;
    expect(deployment.spec.replicas).to.equal(3);
    expect(deployment.spec.template.metadata.labels).to.deep.include(deployment.spec.selector.matchLabels);
    expect(pod.terminationGracePeriodSeconds).to.be.greaterThan(SHUTDOWN_SECONDS).and.to.equal(45);
    expect(pod.securityContext.runAsNonRoot).to.equal(true);
    expect(`${pod.securityContext.runAsUser}:${pod.securityContext.runAsGroup}`, "the image's USER").to.equal(
      IMAGE.user,
    );
    expect(pod.containers).to.have.length(1);
    const [container] = pod.containers as [Container];
    expect(container.image).to.match(/collab-service:/);
    const http = container.ports.find((port) => port.name === container.readinessProbe.httpGet.port);
    expect(http?.containerPort, "the probes' port is the image's").to.equal(IMAGE.port);
    expect(container.readinessProbe.httpGet.path).to.equal('/readyz');
    expect(container.livenessProbe.httpGet.path).to.equal('/healthz');
    expect(container.lifecycle?.preStop, 'SHUTDOWN_DELAY, not a preStop hook').to.equal(undefined);
    expect(readFileSync('deploy/kubernetes.yaml', 'utf8')).to.match(/No preStop hook.*SHUTDOWN_DELAY/s);
    expect(container.securityContext).to.deep.include({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
    expect(container.securityContext.capabilities.drop).to.deep.equal(['ALL']);
    expect(container.resources.requests).to.have.keys('cpu', 'memory');
    expect(container.resources.limits).to.have.property('memory');
    // Measured with Node.js 26 in a memory cgroup: a limit of 512Mi gives a heap limit of 268 MiB, 640Mi 344 MiB.
    const heapMiB = deploymentMemoryMiB() / 2;
    const reserveMiB = heapReserveBytes(DEFAULT_LIMITS) / 1024 ** 2;
    expect(heapMiB, "the heap V8 takes of the container's memory holds the reserve checked at start-up").to.be.at.least(
      reserveMiB,
    );
    const fromSecret = Object.fromEntries(
      container.env.map((variable) => [variable.name, variable.valueFrom?.secretKeyRef?.name]),
    );
    expect(fromSecret).to.include({ AUTH_JWT_SECRET: 'collab-service', DATABASE_URL: 'collab-service' });
    expect(container.env.map((variable) => variable.name)).not.to.include('ALLOW_UNAUTHENTICATED');
  });

  it("when parsed, then the Service selects the Deployment's pods and targets its named port", () => {
    const deployment = one<{
      spec: { template: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } } };
    }>('Deployment');
    const service = one<{ spec: { selector: Record<string, string>; ports: { port: number; targetPort: string }[] } }>(
      'Service',
    );
    expect(deployment.spec.template.metadata.labels).to.deep.include(service.spec.selector);
    const names = deployment.spec.template.spec.containers[0]!.ports.map((port) => port.name);
    for (const port of service.spec.ports) expect(names).to.include(port.targetPort);
  });
});

describe('deploy/collab-service.service', () => {
  const unit = readFileSync('deploy/collab-service.service', 'utf8');
  const settings = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!);
  const environment = Object.fromEntries(
    settings('Environment')
      .join(' ')
      .split(/\s+/)
      .map((word) => word.split('=')),
  );

  it('when read, then it starts node on dist/src/server.js as its own user with an environment file, restarts on failure and stops with SIGTERM within 45 s', () => {
    expect(settings('User')).to.have.length(1).and.not.to.include('root');
    expect(settings('EnvironmentFile')).to.have.length(1);
    const [command] = settings('ExecStart');
    expect(command).to.match(/^\/\S+\/node \/\S+\/dist\/src\/server\.js$/);
    expect(settings('Restart')).to.deep.equal(['on-failure']);
    expect(settings('KillSignal')).to.deep.equal(['SIGTERM']);
    expect(seconds(settings('TimeoutStopSec')[0]!))
      .to.be.greaterThan(SHUTDOWN_SECONDS)
      .and.to.equal(45);
  });

  it("when read, then it is hardened, with the data file's folder its only writable path", () => {
    for (const [key, value] of Object.entries({
      NoNewPrivileges: 'yes',
      ProtectSystem: 'strict',
      PrivateTmp: 'yes',
      ProtectHome: 'yes',
      PrivateDevices: 'yes',
    })) {
      expect(settings(key), key).to.deep.equal([value]);
    }
    const dataFolder = environment.DATA_FILE!.replace(/\/[^/]+$/, '');
    expect(settings('ReadWritePaths')).to.deep.equal([dataFolder]);
    expect(`/var/lib/${settings('StateDirectory')[0]}`).to.equal(dataFolder);
    expect(settings('MemoryDenyWriteExecute'), 'V8 writes the code it runs').to.deep.equal([]);
  });

  it('when checked by systemd-analyze verify, then it has no error or warning; its exposure score is low', async function () {
    this.timeout(60_000);
    const analyze = spawnSync('systemd-analyze', ['--version']);
    needs(this, analyze.status === 0 ? undefined : 'systemd-analyze (Debian: apt-get install systemd)');
    // verify checks that ExecStart's program exists: this machine's node stands in for /opt/collab-service/bin/node.
    const folder = await mkdtemp(join(tmpdir(), 'collab-unit-'));
    try {
      const copy = join(folder, 'collab-service.service');
      await writeFile(copy, unit.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
      const verify = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
      expect(verify.status, verify.stderr).to.equal(0);
      expect(verify.stderr + verify.stdout).to.equal('');
      const security = spawnSync('systemd-analyze', ['security', '--offline=true', copy], { encoding: 'utf8' });
      const exposure = /Overall exposure level for \S+: (\d+\.\d+)/.exec(security.stdout);
      expect(exposure, security.stdout + security.stderr).not.to.equal(null);
      expect(Number(exposure![1]), 'systemd-analyze security: 0 is the safest, 10 the most exposed').to.be.lessThan(
        2.5,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
