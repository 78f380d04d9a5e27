import { expect } from 'chai';
import { SignJWT } from 'jose';
import { call, type Reply } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile, startService, TEST_STORE, type Service } from '../helpers/service.js';
import { freshSchema } from '../helpers/postgres.js';

const SECRET = 'a-quota-test-secret-that-is-long-enough-0';
const bearer = async (sub: string) => ({
  authorization: `Bearer ${await new SignJWT({ sub }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(SECRET))}`,
});

function expectQuota(reply: Reply, quota: string, limit: number, used: number): void {
  expect(reply.status, JSON.stringify(reply.body)).to.equal(403);
  expect(reply.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(reply.body).to.include({
    type: 'urn:problem:collab:quota-exceeded',
    title: 'A quota is used up',
    status: 403,
    quota,
    limit,
    used,
  });
  expect(reply.body.detail).to.contain(`(${quota})`);
}

describe('per-user quotas', () => {
  let service: Service;
  before(async () => {
    service = await startService({
      auth: { secret: SECRET },
      quotas: { devices: 2, streams: 2, drafts: 1, identityNamespaces: 2, readMarkersPerStream: 2, bytes: 64 * 1024 },
    });
  });
  after(async () => {
    await service.close();
  });

  it('when a user keeps 2 devices, the quota, then a third gets 403 quota-exceeded and is not stored; re-registering one still works', async () => {
    const headers = await bearer(`dev-${uuid()}`);
    const [first, second] = [aDevice(), aDevice()];
    for (const device of [first, second])
      expect((await call(service, 'PUT', '/api/notifications/devices', { headers, body: device })).status).to.equal(
        201,
      );
    expectQuota(
      await call(service, 'PUT', '/api/notifications/devices', { headers, body: aDevice() }),
      'QUOTA_DEVICES',
      2,
      2,
    );
    expect((await call(service, 'GET', '/api/notifications/devices', { headers })).body.items).to.have.length(2);
    expect(
      (await call(service, 'PUT', '/api/notifications/devices', { headers, body: { ...first, token: 'new-token' } }))
        .status,
    ).to.equal(200);
    const path = `/api/notifications/devices/${second.appId}/${second.installationId}`;
    expect((await call(service, 'DELETE', path, { headers })).status).to.equal(204);
    expect(
      (await call(service, 'PUT', '/api/notifications/devices', { headers, body: aDevice() })).status,
      'room again',
    ).to.equal(201);
  });

  it('when a user has created 2 streams, then a third is refused; another user creates streams as before', async () => {
    const [alice, bob] = [await bearer(`sa-${uuid()}`), await bearer(`sb-${uuid()}`)];
    for (let index = 0; index < 2; index++)
      expect(
        (await call(service, 'POST', '/api/streams', { headers: alice, body: { title: `s${index}` } })).status,
      ).to.equal(201);
    expectQuota(
      await call(service, 'POST', '/api/streams', { headers: alice, body: { title: 'third' } }),
      'QUOTA_STREAMS',
      2,
      2,
    );
    expect((await call(service, 'POST', '/api/streams', { headers: bob, body: { title: 'bob' } })).status).to.equal(
      201,
    );
  });

  it('when another user saves a shared draft, then it counts against that user: the first saver has room for another', async () => {
    const [alice, bob] = [await bearer(`da-${uuid()}`), await bearer(`db-${uuid()}`)];
    const shared = `/api/cycles/templates/${uuid()}/draft`;
    expect((await call(service, 'PUT', shared, { headers: alice, body: aDraft() })).status).to.equal(201);
    expectQuota(
      await call(service, 'PUT', `/api/cycles/templates/${uuid()}/draft`, { headers: alice, body: aDraft() }),
      'QUOTA_DRAFTS',
      1,
      1,
    );
    expect((await call(service, 'PUT', shared, { headers: bob, body: aDraft() })).status).to.equal(200);
    expect(
      (await call(service, 'PUT', `/api/cycles/templates/${uuid()}/draft`, { headers: alice, body: aDraft() })).status,
    ).to.equal(201);
  });

  it('when a user has 2 read markers in a stream, then a third thread there is refused; in another stream it is stored', async () => {
    const headers = await bearer(`rm-${uuid()}`);
    const streamId = uuid();
    const mark = (stream: string) =>
      call(service, 'PUT', '/api/chat/reads', {
        headers,
        body: { streamId: stream, threadSessionId: uuid(), lastReadMessageId: uuid() },
      });
    for (let index = 0; index < 2; index++) expect((await mark(streamId)).status).to.equal(200);
    expectQuota(await mark(streamId), 'QUOTA_READ_MARKERS_PER_STREAM', 2, 2);
    expect((await mark(uuid())).status).to.equal(200);
  });

  it('when a user keeps 64 KiB, then a write that grows past it is refused; one that shrinks passes', async () => {
    const headers = await bearer(`by-${uuid()}`);
    const patch = (namespace: string, size: number) =>
      call(service, 'PATCH', `/api/identity/settings/${namespace}`, {
        headers,
        body: { patch: { blob: 'x'.repeat(size) } },
      });
    expect((await patch('first', 40 * 1024)).status).to.equal(200);
    const refused = await patch('second', 30 * 1024);
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({ quota: 'QUOTA_BYTES', limit: 64 * 1024 });
    expect(
      (await call(service, 'GET', '/api/identity/settings/second', { headers })).status,
      'nothing stored',
    ).to.equal(404);
    expect((await patch('first', 10 * 1024)).status).to.equal(200);
    expect((await patch('second', 30 * 1024)).status).to.equal(200);
    expectQuota(await patch('third', 1), 'QUOTA_IDENTITY_NAMESPACES', 2, 2);
  });
});

describe('quotas across restarts and instances', function () {
  this.timeout(60_000);
  it('when the server restarts, after SIGKILL or SIGTERM, then what a user keeps still counts', async () => {
    const schema = TEST_STORE === 'postgres' ? await freshSchema() : undefined;
    const env = { AUTH_JWT_SECRET: SECRET, QUOTA_DEVICES: '2', ...(schema ? { DATABASE_URL: schema.url } : {}) };
    const dataFile = await freshDataFile();
    const headers = await bearer('restarted');
    try {
      let server = await startServerProcess(dataFile, env);
      for (let index = 0; index < 2; index++)
        expect(
          (await call(server.service, 'PUT', '/api/notifications/devices', { headers, body: aDevice() })).status,
        ).to.equal(201);
      for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
        await stop(server, signal);
        server = await startServerProcess(dataFile, env);
        expect(
          (await call(server.service, 'PUT', '/api/notifications/devices', { headers, body: aDevice() })).status,
          `after ${signal}`,
        ).to.equal(403);
      }
      await stop(server, 'SIGTERM');
    } finally {
      await schema?.drop();
    }
  });
});
