import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { call } from '../helpers/client.js';
import { sample } from '../helpers/metrics.js';
import {
  DEFAULT_LIMIT_SETTINGS,
  refusedStart,
  startServerProcess,
  stop,
  track,
  type ServerProcess,
} from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

const SECRET = 'a-memory-test-secret-that-is-long-enough';
const token = (sub: string) =>
  new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(new TextEncoder().encode(SECRET));
const bearer = async (sub: string) => ({ authorization: `Bearer ${await token(sub)}` });

/** The issue's hostile document: `{"patch":{"x":[{},{},…]}}` of about 255 KB, under the 256 KiB document cap, 21 times its JSON in the heap when parsed. */
const HOSTILE = { patch: { x: Array.from({ length: 85_000 }, () => ({})) } };
/** A heap of 256 MiB (V8 adds its young generation: a limit of 352 MiB), and a stated size that passes the start-up check. */
const SETTINGS = {
  NODE_OPTIONS: '--max-old-space-size=256',
  STORE_MAX_BYTES: '64mb',
  MAX_IN_FLIGHT_BYTES: '2mb',
  AUTH_JWT_SECRET: SECRET,
  QUOTA_BYTES: '32mb',
  QUOTA_IDENTITY_NAMESPACES: '100',
};

const peakRssMb = (server: ServerProcess) =>
  Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) / 1024;

describe('memory: what the process holds is bounded by what the quotas and the stated size count', function () {
  this.timeout(600_000);

  it('when 8 users within their quotas write 40 documents of empty objects each, 4 at a time, then the service never dies, each write is 200 or 507, and every one acknowledged reads back after a SIGKILL', async () => {
    const dataFile = await freshDataFile();
    let server = await startServerProcess(dataFile, SETTINGS);
    const users = await Promise.all(Array.from({ length: 8 }, (_, index) => bearer(`hostile-${index}`)));
    const writes = users.flatMap((headers, user) =>
      Array.from({ length: 40 }, (_, doc) => ({ headers, namespace: `doc-${user}-${doc}` })),
    );
    const statuses: Record<number, number> = {};
    const acknowledged: typeof writes = [];
    let next = 0;
    const worker = async () => {
      for (let write = writes[next++]; write; write = writes[next++]) {
        const reply = await call(server.service, 'PATCH', `/api/identity/settings/${write.namespace}`, {
          headers: write.headers,
          body: HOSTILE,
        });
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
        if (reply.status === 200) acknowledged.push(write);
        else expect(reply.body, `${reply.status}`).to.include({ type: 'urn:problem:collab:storage-full' });
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(server.child.exitCode, server.output()).to.equal(null);
    expect(Object.keys(statuses).sort(), JSON.stringify(statuses)).to.deep.equal(['200', '507']);
    // 64 MiB of text held, under the 352 MiB heap, plus the runtime's own: the parsed trees would take 1.3 GiB.
    expect(peakRssMb(server)).to.be.below(600);

    expect(await stop(server, 'SIGKILL')).to.equal(null);
    server = await startServerProcess(dataFile, SETTINGS);
    try {
      for (const { headers, namespace } of acknowledged) {
        const read = await call(server.service, 'GET', `/api/identity/settings/${namespace}`, { headers });
        expect(read.status, namespace).to.equal(200);
        expect((read.body as { settings: { x: unknown[] } }).settings.x, namespace).to.have.length(85_000);
      }
      expect(peakRssMb(server), 'opened again, it holds the text, not the trees').to.be.below(600);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it("when one user's 1 MB bodies of empty objects are refused for 30 s under a 256 MiB heap, then another user's writes meanwhile and the next one after are served: no 507 while the store holds less than its stated size", async () => {
    const server = await startServerProcess(await freshDataFile(), {
      ...DEFAULT_LIMIT_SETTINGS,
      NODE_OPTIONS: '--max-old-space-size=256',
      STORE_MAX_BYTES: '20mb',
      AUTH_JWT_SECRET: SECRET,
    });
    let garbage: ChildProcess | undefined;
    try {
      garbage = track(
        spawn(process.execPath, ['--import', 'tsx', 'test/helpers/garbage-client.ts'], {
          env: {
            ...process.env,
            GARBAGE_URL: server.service.url,
            GARBAGE_TOKEN: await token('mallory'),
            GARBAGE_MS: '30000',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        }),
      );
      let report = '';
      garbage.stdout!.on('data', (chunk) => (report += String(chunk)));
      const done = once(garbage, 'exit');
      let burst = true;
      void done.then(() => (burst = false));
      const headers = await bearer('victoria');
      const create = (title: string) => call(server.service, 'POST', '/api/streams', { headers, body: { title } });
      const during: Record<number, number> = {};
      for (let write = 0; burst; write++) {
        const created = await create(`during ${write}`);
        during[created.status] = (during[created.status] ?? 0) + 1;
        if (created.status !== 201)
          expect.fail(`write ${write} during the burst: ${created.status} ${JSON.stringify(created.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 100)); // under RATE_LIMIT_WRITES
      }
      await done;
      const refused = JSON.parse(report) as Record<string, number>;
      expect(Object.keys(refused).sort(), report).to.deep.equal(['413', '503']);
      expect(during[201], 'writes served during the burst').to.be.above(0);

      const next = await create('after');
      expect(next.status, JSON.stringify(next.body)).to.equal(201);
      const read = await call(server.service, 'GET', `/api/streams/${(next.body as { id: string }).id}`, { headers });
      expect(read.body).to.include({ title: 'after' });
      expect(await sample(server.service, 'store_bytes')).to.be.below(await sample(server.service, 'store_max_bytes'));
      const live = await sample(server.service, 'heap_live_bytes');
      expect(live, 'what the guard counts is on /metrics').to.be.above(0);
      expect(live + (await sample(server.service, 'heap_reserved_bytes'))).to.be.at.most(
        await sample(server.service, 'nodejs_heap_size_limit_bytes'),
      );
    } finally {
      garbage?.kill('SIGKILL');
      await stop(server, 'SIGTERM');
    }
  });

  it('when STORE_MAX_BYTES needs more heap than the process has, then it refuses to start in one line with both numbers and what to set', async () => {
    const { code, stderr } = await refusedStart(await freshDataFile(), {
      NODE_OPTIONS: '--max-old-space-size=256',
      STORE_MAX_BYTES: '512mb',
    });
    expect(code).to.equal(1);
    expect(stderr.trim().split('\n')).to.have.length(1);
    expect(stderr).to.match(
      /^Refusing to start: STORE_MAX_BYTES=512mb \(3 × its size\), MAX_IN_FLIGHT_BYTES=8mb and LOG_BUFFER_MAX_BYTES=16mb need a heap of 1824mb .*this process's heap limit is 352mb: set NODE_OPTIONS=--max-old-space-size=1824, or at most STORE_MAX_BYTES=21mb\n$/,
    );
  });
});
