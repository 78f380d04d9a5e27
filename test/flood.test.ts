import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { DEFAULT_LIMIT_SETTINGS, startServerProcess, stop, track, type ServerProcess } from './helpers/process.js';
import { rawRequest } from './helpers/raw.js';
import { freshDataFile } from './helpers/service.js';

const SECRET = 'a-flood-test-secret-that-is-long-enough-0';
const FLOOD_MS = 6_000;

const tokenFor = (sub: string) =>
  new SignJWT({ sub }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(SECRET));

describe('one client floods the service; another is still served', function () {
  this.timeout(120_000);
  let server: ServerProcess;
  before(async () => {
    // As deployed: the default limits and quotas, not the generous ones other tests run with.
    server = await startServerProcess(await freshDataFile(), { AUTH_JWT_SECRET: SECRET, ...DEFAULT_LIMIT_SETTINGS });
  });
  after(async () => { await stop(server, 'SIGTERM'); });

  it('when one user sends heavy and broken requests on 64 connections, then every write of another user succeeds, with p99 under 1 s', async () => {
    const flood = track(spawn(process.execPath, ['--import', 'tsx', 'test/helpers/flood-client.ts'], {
      env: { ...process.env, FLOOD_URL: server.service.url, FLOOD_TOKEN: await tokenFor('mallory'), FLOOD_MS: String(FLOOD_MS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    }));
    let report = '';
    flood.stdout!.on('data', (chunk) => { report += String(chunk); });
    const victim = { authorization: `Bearer ${await tokenFor('victoria')}`, 'content-type': 'application/json' };
    const latencies: number[] = [];
    const statuses: number[] = [];
    const until = Date.now() + FLOOD_MS;
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the flood is on
    for (let write = 0; Date.now() < until - 500; write++) {
      const [method, path, body] = write % 2 === 0
        ? ['PATCH', '/api/streams/nav', JSON.stringify({ sort: `write ${write}` })]
        : ['PUT', '/api/chat/reads', JSON.stringify({ streamId: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e', lastReadMessageId: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9f' })];
      const started = performance.now();
      statuses.push((await rawRequest(server.service, method, path, victim, body)).status);
      latencies.push(performance.now() - started);
    }
    await once(flood, 'exit');
    const attacked = JSON.parse(report) as Record<string, number>;
    const sorted = latencies.toSorted((a, b) => a - b);
    const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!;
    const summary = `flood: ${JSON.stringify(attacked)}; the other user: ${statuses.length} writes, p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`;
    console.log(`      ${summary}`);
    expect(statuses.length, summary).to.be.at.least(10);
    expect(statuses.every((status) => status === 200), `every write of the other user succeeded: ${statuses.join(' ')}`).to.equal(true);
    expect(p99, summary).to.be.below(1_000);
    expect(attacked, 'the flood met the limits').to.have.property('503');
    expect((await rawRequest(server.service, 'GET', '/healthz', {})).status).to.equal(200);
  });
});
