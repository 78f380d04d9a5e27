import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { call } from '../helpers/client.js';
import { jsonLines, readLogs } from '../helpers/logs.js';
import { refusedStart, startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

const SECRET = 'b3f1c0de5a7e4d2f9a8b6c4d2e0f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3e5f'; // as `openssl rand -hex 32` makes one
const OLD_SECRET = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** The JSON lines a server process has written so far. */

/** A token for `sub` signed with `secret`, as another instance's client or a test tool would sign it. */
const signed = (sub: string, secret: string) =>
  new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));

describe('start-up: configuration that says what is wrong', () => {
  it('when the port is in use, then the server refuses in one line, without a stack, and exits 1', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stderr } = await refusedStart(await freshDataFile(), { PORT: String(port) });
      expect([code, stderr]).to.deep.equal([
        1,
        `Refusing to start: port ${port} on 127.0.0.1 is in use by another process; set PORT to another.\n`,
      ]);
    } finally {
      taken.close();
    }
  });

  it('when a variable looks like a misspelt setting, then a warning line at start-up names it and its likely meaning, and the server serves', async () => {
    const server = await startServerProcess(await freshDataFile(), { RATE_LIMT_WRITES: '5' });
    try {
      const logs = readLogs(server.child);
      const logged = [...server.output().split('\n'), ...logs.lines().map((line) => JSON.stringify(line))].join('\n');
      expect(logged).to.contain(
        'RATE_LIMT_WRITES is not a setting of this service and is ignored; did you mean RATE_LIMIT_WRITES?',
      );
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it('when a variable is set but empty (DATABASE_URL), then the server refuses in one line naming it, rather than serve a lowdb file of its own', async () => {
    const { code, stderr } = await refusedStart(await freshDataFile(), { DATABASE_URL: '' });
    expect([code, stderr]).to.deep.equal([
      1,
      'Refusing to start: DATABASE_URL is set but empty: give it a value, or unset it\n',
    ]);
  });

  it('when the limits are left unset, then the server serves with their defaults', async () => {
    const server = await startServerProcess(await freshDataFile(), {
      QUOTA_STREAMS: undefined,
      RATE_LIMIT_WRITES: undefined,
    });
    try {
      const reply = await call(server.service, 'POST', '/api/streams', { body: { title: 't' } });
      expect(reply.headers.get('ratelimit-policy')).to.match(/q=1200/);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it('when it says it serves, then no request has been made: the first request is the first in its logs and metrics', async () => {
    const server = await startServerProcess(await freshDataFile());
    try {
      const logs = readLogs(server.child);
      const metrics = await call(server.service, 'GET', '/metrics');
      expect(String(metrics.body)).to.contain('http_requests_in_flight');
      expect(String(metrics.body)).not.to.match(/^http_request_duration_seconds_count\{/m);
      await logs.waitFor((line) => line.route === '/metrics');
      const requests = jsonLines(server).filter((line) => line.requestId !== undefined);
      expect(requests.map((line) => `${line.method} ${line.route}`)).to.deep.equal(['GET /metrics']);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });
});

describe('start-up: secrets as operators hand them over', () => {
  it("when one instance reads the secret from a file ending in a newline and another from the variable, then each takes the other's tokens, and both show the same fingerprint", async () => {
    const dataFile = await freshDataFile();
    const secretFile = join(dirname(dataFile), 'jwt-secret');
    await writeFile(secretFile, `${SECRET}\n`, { mode: 0o600 }); // as `openssl rand -hex 32 > jwt-secret` writes it
    const fromFile = await startServerProcess(dataFile, { AUTH_JWT_SECRET_FILE: secretFile });
    const rotating = await startServerProcess(await freshDataFile(), {
      AUTH_JWT_SECRET: SECRET,
      AUTH_JWT_SECRET_PREVIOUS: OLD_SECRET,
    });
    try {
      // npm run token reads the file as the service does; the variable's secret signs as any client would.
      const env = { ...process.env, AUTH_JWT_SECRET_FILE: secretFile, AUTH_JWT_SECRET: undefined };
      const tokens = {
        file: execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/token.ts', '--sub', 'erin'], {
          env,
          encoding: 'utf8',
        }).trim(),
        variable: await signed('erin', SECRET),
        previous: await signed('erin', OLD_SECRET),
      };
      const statusOf = async (server: ServerProcess, token: string) =>
        (await call(server.service, 'GET', '/api/streams/nav', { headers: { authorization: `Bearer ${token}` } }))
          .status;
      expect({
        fromFile: [await statusOf(fromFile, tokens.file), await statusOf(fromFile, tokens.variable)],
        rotating: [await statusOf(rotating, tokens.file), await statusOf(rotating, tokens.variable)],
      }).to.deep.equal({ fromFile: [200, 200], rotating: [200, 200] }); // verified: the default navigation
      expect(await statusOf(rotating, tokens.previous), 'the previous secret verifies during a rotation').to.equal(200);
      expect(await statusOf(fromFile, tokens.previous), 'where it is not set, it does not').to.equal(401);

      const serving = (server: ServerProcess) => jsonLines(server).find((line) => /^Serving on/.test(line.msg))!;
      const [one, other] = [serving(fromFile), serving(rotating)];
      expect(one.keyFingerprints.AUTH_JWT_SECRET).to.match(/^[0-9a-f]{8}$/);
      expect(one.keyFingerprints.AUTH_JWT_SECRET).to.equal(other.keyFingerprints.AUTH_JWT_SECRET);
      expect(other.keyFingerprints.AUTH_JWT_SECRET_PREVIOUS).not.to.equal(other.keyFingerprints.AUTH_JWT_SECRET);
      expect(one.msg).to.contain(
        `; tokens verified with AUTH_JWT_SECRET sha256:${one.keyFingerprints.AUTH_JWT_SECRET})`,
      );
      expect(fromFile.output() + rotating.output()).not.to.contain(SECRET.slice(0, 16));
    } finally {
      await Promise.all([stop(fromFile, 'SIGTERM'), stop(rotating, 'SIGTERM')]);
    }
  });

  it('when both AUTH_JWT_SECRET and AUTH_JWT_SECRET_FILE are set, then the server refuses in one line', async () => {
    const dataFile = await freshDataFile();
    const secretFile = join(dirname(dataFile), 'jwt-secret');
    await writeFile(secretFile, `${SECRET}\n`);
    const { code, stderr } = await refusedStart(dataFile, {
      AUTH_JWT_SECRET: SECRET,
      AUTH_JWT_SECRET_FILE: secretFile,
    });
    expect([code, stderr]).to.deep.equal([
      1,
      'Refusing to start: Set AUTH_JWT_SECRET or AUTH_JWT_SECRET_FILE, not both\n',
    ]);
  });
});
