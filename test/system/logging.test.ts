import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { statfs, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { createApp } from '../../src/app.js';
import { loadSpec } from '../../src/contract/spec.js';
import { loadConfig } from '../../src/config/load-config.js';
import { createLogger } from '../../src/observability/logger.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import type { Store } from '../../src/store/store.js';
import { call } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { jsonLines, readLogs, type Logs } from '../helpers/logs.js';
import { sample } from '../helpers/metrics.js';
import { refusedStart, startServerProcess, stop, track, type ServerProcess } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';
import { mountTmpfs, unmountTmpfs } from '../helpers/tmpfs.js';
import { needs } from '../helpers/needs.js';
import { until } from '../helpers/until.js';

const SECRET = 'a-logging-test-secret-long-enough-0123456789';
const tokenFor = (sub: string) =>
  new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));

describe('request logs of the real server (stdout not a terminal: JSON lines)', () => {
  let server: ServerProcess;
  let logs: Logs;
  let dataFile: string;
  before(async () => {
    dataFile = await freshDataFile();
    server = await startServerProcess(dataFile, { AUTH_JWT_SECRET: SECRET });
    logs = readLogs(server.child);
  });
  after(async () => {
    await stop(server, 'SIGTERM');
  });

  const lineOf = (requestId: string) => logs.waitFor((line) => line.requestId === requestId);

  it('when a request is answered, then one JSON line holds its id, method, route template, status, duration and user', async () => {
    const token = await tokenFor('alice');
    const streamId = uuid();
    const reply = await call(server.service, 'GET', `/api/streams/${streamId}`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'log-1' },
    });
    expect(reply.status).to.equal(404);
    const line = await lineOf('log-1');
    expect(line).to.include({
      level: 30,
      requestId: 'log-1',
      method: 'GET',
      route: '/api/streams/{streamId}',
      status: 404,
      userId: 'alice',
    });
    expect(line.responseTime).to.be.a('number').and.at.least(0);
    expect(line.msg).to.equal('request completed');
    const text = JSON.stringify(line);
    expect(text, 'no token')
      .to.not.contain(token)
      .and.not.contain(token.split('.')[1])
      .and.not.match(/bearer/i);
    expect(text, 'no raw id').to.not.contain(streamId);
  });

  it('when requests are answered, then each gets exactly one line, and no line carries a body', async () => {
    const ids = ['once-1', 'once-2', 'once-3'];
    for (const id of ids) {
      await call(server.service, 'PATCH', '/api/identity/settings/prefs', {
        body: { patch: { secretNote: 'body-content-never-logged' } },
        headers: { authorization: `Bearer ${await tokenFor('bob')}`, 'x-request-id': id },
      });
    }
    for (const id of ids) await lineOf(id);
    for (const id of ids)
      expect(
        logs.lines().filter((line) => line.requestId === id),
        id,
      ).to.have.length(1);
    expect(
      logs
        .lines()
        .map((line) => JSON.stringify(line))
        .join('\n'),
    ).to.not.contain('body-content-never-logged');
  });

  it('when a request has no valid token, then its line has no user id', async () => {
    await call(server.service, 'GET', '/api/streams/nav', {
      headers: { authorization: 'Bearer not.a.token', 'x-request-id': 'log-401' },
    });
    const line = await lineOf('log-401');
    expect(line).to.include({ status: 401, route: '/api/streams/nav' }).and.not.have.property('userId');
    expect(JSON.stringify(line)).to.not.contain('not.a.token');
  });

  it('when the path matches no route, then the line names it "unmatched"', async () => {
    await call(server.service, 'GET', `/no/such/${uuid()}`, { headers: { 'x-request-id': 'log-unmatched' } });
    expect(await lineOf('log-unmatched')).to.include({ status: 404, route: 'unmatched' });
  });

  it('when the client goes away before its body has arrived, then its line says the request was aborted', async () => {
    const { hostname, port } = new URL(server.service.url);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    // With a token: a request without one is answered 401 before its body is read.
    const head = [
      'PUT /api/notifications/devices HTTP/1.1',
      `Host: ${hostname}`,
      `Authorization: Bearer ${await tokenFor('erin')}`,
      'Content-Type: application/json',
      'Content-Length: 1000',
      'X-Request-Id: log-aborted',
    ];
    await new Promise<void>((resolve, reject) =>
      socket.write(`${head.join('\r\n')}\r\n\r\n{"installationId":`, (error) => (error ? reject(error) : resolve())),
    );
    socket.destroy(); // 18 of the 1,000 bytes promised: the server is still reading the body
    const line = await lineOf('log-aborted');
    expect(line).to.include({ level: 30, method: 'PUT', route: '/api/notifications/devices', msg: 'request aborted' });
    expect(logs.lines().filter((logged) => logged.requestId === 'log-aborted')).to.have.length(1);
  });

  it('when the store cannot keep a write (503, a full disk), then the line is an error with the stack, and its id is the one in the problem', async function () {
    const mountPoint = await mountTmpfs('1m');
    needs(this, mountPoint ? undefined : 'a tmpfs mount: run as root, where mount -t tmpfs works');
    if (!mountPoint) return;
    const full = await startServerProcess(join(mountPoint, 'db.json'), { AUTH_JWT_SECRET: SECRET });
    const fullLogs = readLogs(full.child);
    try {
      const authorization = `Bearer ${await tokenFor('carol')}`;
      const patch = (blob: string) =>
        call(full.service, 'PATCH', '/api/identity/settings/broken', {
          body: { patch: { blob } },
          headers: { authorization },
        });
      expect((await patch('small')).status).to.equal(200);
      const { bavail, bsize } = await statfs(mountPoint);
      await writeFile(join(mountPoint, 'filler'), Buffer.alloc(bavail * bsize));
      const reply = await patch('x'.repeat(64 * 1024));
      expect(reply.status).to.equal(503);
      const line = await fullLogs.waitFor((logged) => logged.requestId === reply.body.requestId);
      expect(line).to.include({ level: 50, status: 503, route: '/api/identity/settings/{namespace}', userId: 'carol' });
      expect(line.err.stack)
        .to.be.a('string')
        .and.match(/\n\s+at /);
      expect(reply.headers.get('x-request-id')).to.equal(reply.body.requestId);
    } finally {
      await stop(full, 'SIGKILL');
      await unmountTmpfs(mountPoint);
    }
  });

  it('when the server stops, then it says so in log lines', async () => {
    const other = await startServerProcess(await freshDataFile());
    const otherLogs = readLogs(other.child);
    expect(await stop(other, 'SIGTERM')).to.equal(0);
    const said = otherLogs.lines().map((line) => String(line.msg));
    expect(
      said.filter((msg) =>
        /^SIGTERM: \/readyz answers 503 from now|^Listener closed|^Stopped: every request answered/.test(msg),
      ),
    ).to.have.length(3);
  });
});

describe('LOG_LEVEL', () => {
  it('when it is not a level, then the server refuses to start with one human line on stderr', async () => {
    const { code, stderr } = await refusedStart(await freshDataFile(), { LOG_LEVEL: 'loud' });
    expect(code).to.equal(1);
    expect(stderr.trim().split('\n')).to.deep.equal([
      'Refusing to start: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"',
    ]);
  });

  it('when it is warn, then request lines below warn are not written, and errors are', async () => {
    const lines: string[] = [];
    const logger = createLogger(loadConfig({ LOG_LEVEL: 'warn' }).logLevel, {
      write: (line: string) => {
        lines.push(line);
      },
    });
    const failing: Store = {
      ...openMemoryStore(),
      get: async () => {
        throw new Error('the disk is on fire');
      },
    };
    const server = createApp({
      config: { bodyLimit: 1024, validateResponses: true },
      contract: loadSpec(),
      store: failing,
      logger,
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'quiet' } })).status).to.equal(200);
      expect((await fetch(`${url}/api/streams/nav`, { headers: { 'x-request-id': 'loud' } })).status).to.equal(500);
    } finally {
      server.close();
    }
    expect(lines.map((line) => JSON.parse(line).requestId)).to.deep.equal(['loud']);
  });
});

describe('the logger', () => {
  it('when a line carries a request, then only its id and method are written: no header, so no Authorization', () => {
    const lines: string[] = [];
    const request = {
      id: 'r-1',
      method: 'GET',
      url: '/api/streams/nav?x=1',
      headers: { authorization: 'Bearer eyJ.secret.sig', cookie: 'c2VjcmV0' },
    };
    createLogger('info', {
      write: (line: string) => {
        lines.push(line);
      },
    }).info({ req: request }, 'a request');
    expect(JSON.parse(lines.join('')).req).to.deep.equal({ id: 'r-1', method: 'GET' });
  });
});

/**
 * 4,000 requests to `server`, 40 at a time, after its stdout is paused: the child's stdout is a socket pair, whose
 * buffers fill (a few hundred KiB), then LOG_BUFFER_MAX_BYTES. Resolves to their statuses.
 */
async function requestsWithStdoutPaused(server: ServerProcess): Promise<number[]> {
  server.child.stdout!.pause();
  const answered: number[] = [];
  for (let round = 0; round < 100; round++) {
    const replies = await Promise.all(
      Array.from({ length: 40 }, () => call(server.service, 'GET', '/api/streams/nav')),
    );
    answered.push(...replies.map((reply) => reply.status));
  }
  return answered;
}

describe('logs nobody reads (LOG_BUFFER_MAX_BYTES)', function () {
  this.timeout(120_000);
  it('when stdout is not read, then the server keeps answering, holds at most the bound of lines and counts the rest as dropped; once read again, every line kept arrives, whole', async () => {
    const server = await startServerProcess(await freshDataFile(), { LOG_BUFFER_MAX_BYTES: '64kb' });
    try {
      const answered = await requestsWithStdoutPaused(server);
      expect(new Set(answered), '4,000 requests, each logged').to.deep.equal(new Set([200]));
      // Each line is logged a turn after its answer, so by now all 4,000 were either kept or dropped.
      const dropped = await sample(server.service, 'log_lines_dropped_total');
      expect(dropped, 'lines dropped').to.be.within(1, 3999);
      server.child.stdout!.resume();
      // Lines arrive in order: once a later request's line has come, every line kept before it has.
      const sentinel = uuid();
      const arrived = () => jsonLines(server).some((line) => line.requestId === sentinel);
      await until(async () => {
        if (arrived()) return true;
        await call(server.service, 'GET', '/healthz', { headers: { 'x-request-id': sentinel } }); // dropped while full
        return false;
      }, 100);
      const kept = jsonLines(server).filter((line) => line.route === '/api/streams/nav');
      expect(kept.length + dropped, 'every line of the 4,000 kept or counted').to.equal(4000);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });
});

describe('a stop while nobody reads the logs', function () {
  this.timeout(120_000);
  it('when stdout is not read and SIGTERM comes, then the process still exits 0, giving up the lines it holds after SHUTDOWN_TIMEOUT', async () => {
    const server = await startServerProcess(await freshDataFile(), {
      LOG_BUFFER_MAX_BYTES: '64kb',
      SHUTDOWN_TIMEOUT: '1',
    });
    await requestsWithStdoutPaused(server);
    expect(await sample(server.service, 'log_lines_dropped_total'), 'stdout is full').to.be.above(0);
    expect(await stop(server, 'SIGTERM'), 'exit code').to.equal(0);
  });
});

const SCRIPT = ['/usr/bin/script', '/bin/script'].find((path) => existsSync(path));

describe('logs on a terminal', () => {
  it('when stdout is a terminal, then lines are readable text, not JSON', async function () {
    needs(
      this,
      SCRIPT ? undefined : "util-linux's script, which gives the server a terminal (apt-get install bsdutils)",
    );
    const child = track(
      spawn(SCRIPT!, ['-qfec', `${process.execPath} --import tsx src/server.ts`, '/dev/null'], {
        env: { ...process.env, PORT: '0', DATA_FILE: await freshDataFile() },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let output = '';
    for await (const chunk of child.stdout!) {
      output += String(chunk);
      if (output.includes('Serving on')) break;
    }
    child.kill('SIGTERM');
    const serving = output.split('\n').find((line) => line.includes('Serving on'))!;
    expect(serving)
      .to.contain('INFO')
      .and.not.match(/^\s*\{/);
  });
});
