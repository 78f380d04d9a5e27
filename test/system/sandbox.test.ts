import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { readContract } from '../../src/contract/declared-responses.js';
import { getExamples } from '../../src/sandbox/seed.js';
import { call } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startSandbox, startSandboxProcess } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

type Example = Record<string, string> & { items: Record<string, string>[] };
const examples = getExamples(readContract('.')) as Map<string, Example>;
const example = (operationId: string): Example => examples.get(operationId)!;

/** The first GET of every operation that has one, at the ids its example names. */
const firstGets: Record<string, string> = {
  checkLiveness: '/healthz',
  checkReadiness: '/readyz',
  getStream: `/api/streams/${example('getStream').id}`,
  getNavigationPreferences: '/api/streams/nav',
  getNotificationSettings: '/api/notifications/settings',
  listDevices: '/api/notifications/devices',
  getDevice: `/api/notifications/devices/${example('getDevice').appId}/${example('getDevice').installationId}`,
  getCycleTemplateDraft: `/api/cycles/templates/${example('getCycleTemplateDraft').templateId}/draft`,
  getIdentitySettings: `/api/identity/settings/${example('getIdentitySettings').namespace}`,
  listReadMarkers: `/api/chat/reads/${example('listReadMarkers').items[0]!.streamId}`,
};

describe('make sandbox: the service as a stateful mock, seeded from mocks/examples', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });
  const reset = () => call(sandbox, 'POST', '/sandbox/reset');

  it('when every GET is sent first, then each returns the named example of its 200, which the Prism mock returns', async () => {
    expect(Object.keys(firstGets)).to.have.members([...examples.keys()]);
    for (const [operationId, path] of Object.entries(firstGets)) {
      const reply = await call(sandbox, 'GET', path);
      expect(reply.status, path).to.equal(200);
      expect(reply.body, `${operationId} (${path})`).to.deep.equal(examples.get(operationId));
    }
  });

  it('when a PATCH changes navigation, then a later GET returns the change; after POST /sandbox/reset, the seed again', async () => {
    const patched = await call(sandbox, 'PATCH', '/api/streams/nav', {
      body: { sort: 'alphabetical', rankByStreamId: null },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patched.status).to.equal(200);
    const changed = await call(sandbox, 'GET', '/api/streams/nav');
    expect(changed.body).to.include({ sort: 'alphabetical' }).and.not.have.property('rankByStreamId');
    const answer = await reset();
    expect(answer.status).to.equal(204);
    expect((await call(sandbox, 'GET', '/api/streams/nav')).body).to.deep.equal(example('getNavigationPreferences'));
  });

  it('when a stream is created and a device removed, then both show; after reset, the new stream is gone and the device back', async () => {
    const created = await call(sandbox, 'POST', '/api/streams', { body: { title: 'Sandbox' } });
    expect(created.status).to.equal(201);
    expect((await call(sandbox, 'GET', created.headers.get('location')!)).status).to.equal(200);
    const [device] = example('listDevices').items;
    expect(
      (await call(sandbox, 'DELETE', `/api/notifications/devices/${device!.appId}/${device!.installationId}`)).status,
    ).to.equal(204);
    expect((await call(sandbox, 'GET', '/api/notifications/devices')).body.items).to.have.length(1);
    await reset();
    expect((await call(sandbox, 'GET', created.headers.get('location')!)).status).to.equal(404);
    expect((await call(sandbox, 'GET', '/api/notifications/devices')).body).to.deep.equal(example('listDevices'));
  });

  it("when a request breaks the contract or conflicts, then the answer is the service's own (400 naming the field, 409 with updatedAt)", async () => {
    const invalid = await call(sandbox, 'PUT', '/api/chat/reads', {
      body: { streamId: 'x', lastReadMessageId: uuid() },
    });
    expect(invalid.status).to.equal(400);
    expect(invalid.body.errors).to.deep.equal([{ path: '/body/streamId', message: invalid.body.errors[0].message }]);
    const draft = example('getCycleTemplateDraft');
    const conflict = await call(sandbox, 'PUT', firstGets.getCycleTemplateDraft!, {
      body: { triggerName: 't', description: null, phasesTemplate: draft.phasesTemplate, createOnly: true },
    });
    expect(conflict.status).to.equal(409);
    expect(conflict.body.updatedAt).to.equal(draft.updatedAt);
  });

  it("when any origin sends a preflight, then it is allowed, with cookies and the sandbox's headers; no token is needed", async () => {
    const origin = 'https://anything.example.org';
    const reply = await call(sandbox, 'OPTIONS', '/sandbox/reset', {
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-sandbox-session,prefer',
      },
    });
    expect([
      reply.status,
      reply.headers.get('access-control-allow-origin'),
      reply.headers.get('access-control-allow-credentials'),
    ]).to.deep.equal([204, origin, 'true']);
    expect(reply.headers.get('access-control-allow-headers')?.toLowerCase())
      .to.include('x-sandbox-session')
      .and.include('x-sandbox-clock')
      .and.include('prefer');
  });

  it('when /sandbox/reset is asked with another method, then 405 with Allow: POST', async () => {
    const reply = await call(sandbox, 'GET', '/sandbox/reset');
    expect([reply.status, reply.headers.get('allow')]).to.deep.equal([405, 'POST']);
  });
});

describe('POST /sandbox/reset outside the sandbox', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  it('when the real service is asked to reset, then 404: the route exists only in the sandbox', async () => {
    const reply = await call(service, 'POST', '/sandbox/reset');
    expect(reply.status).to.equal(404);
    expect(reply.body.type).to.equal('urn:problem:collab:not-found');
  });
});

describe('src/sandbox/server.ts (make sandbox) as a process', function () {
  this.timeout(60_000);
  it('when it serves and takes writes, then nothing is written to disk, and SIGTERM stops it with 0', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'collab-sandbox-'));
    const sandbox = await startSandboxProcess({ DATA_FILE: join(folder, 'db.json') });
    expect((await call(sandbox, 'PATCH', '/api/streams/nav', { body: { sort: 'x' } })).status).to.equal(200);
    expect((await call(sandbox, 'GET', '/api/streams/nav')).body.sort).to.equal('x');
    expect(await readdir(folder)).to.deep.equal([]);
    expect(await sandbox.stop()).to.equal(0);
  });

  it('when AUTH_* settings are set (one empty), then it starts anyway, says it ignores them, and serves the shipped scenarios without a token', async () => {
    const sandbox = await startSandboxProcess({
      AUTH_JWT_SECRET: 'a-secret-the-service-would-take-0123456789',
      AUTH_JWT_ISSUER: 'https://issuer.example',
      AUTH_JWKS_URL: '',
    });
    try {
      expect(sandbox.output()).to.contain(
        'Ignoring AUTH_JWKS_URL, AUTH_JWT_ISSUER, AUTH_JWT_SECRET: the sandbox serves without authentication, always',
      );
      await call(sandbox, 'POST', '/sandbox/reset', { body: { scenario: 'busy-inbox' } });
      const nav = await call(sandbox, 'GET', '/api/streams/nav');
      expect([nav.status, nav.body.updatedAt]).to.deep.equal([200, '1970-01-01T00:00:00.000Z']);
    } finally {
      await sandbox.close();
    }
  });

  it('when failureRate fails a request on purpose, then its log line is info with onPurpose, not error', async () => {
    const sandbox = await startSandboxProcess({ LOG_LEVEL: 'info' });
    try {
      await call(sandbox, 'POST', '/sandbox/reset', { body: { failureRate: 1 } });
      const failed = await call(sandbox, 'GET', '/api/streams/nav', { headers: { 'x-request-id': 'on-purpose-1' } });
      expect([failed.status, failed.body.type]).to.deep.equal([503, 'urn:problem:collab:unavailable']);
      const line = await lineOf(sandbox, 'on-purpose-1');
      expect([line.level, line.status, line.onPurpose, line.err]).to.deep.equal([30, 503, true, undefined]);
    } finally {
      await sandbox.close();
    }
  });

  it('when a request is refused by design (503 overloaded: too many in flight in its session), then its line is a warning naming it, without a stack', async () => {
    const sandbox = await startSandboxProcess({ LOG_LEVEL: 'info', MAX_IN_FLIGHT_PER_USER: '1' });
    try {
      const inSession = { 'x-sandbox-session': 'one-at-a-time' };
      const waiting = call(sandbox, 'GET', '/api/streams/nav', { headers: { ...inSession, prefer: 'delay=3000' } });
      let refused;
      for (let n = 0; refused?.status !== 503; n++)
        refused = await call(sandbox, 'GET', '/api/streams/nav', {
          headers: { ...inSession, 'x-request-id': `refused-${n}` },
        });
      expect(refused.body.type).to.equal('urn:problem:collab:overloaded');
      const line = await lineOf(sandbox, refused.body.requestId);
      expect([line.level, line.status, line.refused, line.msg, line.err]).to.deep.equal([
        40,
        503,
        'overloaded',
        'request refused',
        undefined,
      ]);
      expect((await waiting).status).to.equal(200);
    } finally {
      await sandbox.close();
    }
  });
});

/** The JSON log line of the request with this id, once written (a turn after its answer). */
async function lineOf(sandbox: { output(): string }, requestId: string): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < 100; tries++) {
    const found = sandbox
      .output()
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((line) => line.requestId === requestId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no log line for ${requestId} in: ${sandbox.output()}`);
}
