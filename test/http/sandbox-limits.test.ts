import { expect } from 'chai';
import { DEFAULT_LIMITS } from '../../src/config/limits.js';
import { call, type CallOptions } from '../helpers/client.js';
import { aDevice } from '../helpers/factories.js';
import { holdRequest } from '../helpers/raw.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});
const put = (sandbox: Service, session: string, headers: Record<string, string> = {}) =>
  call(sandbox, 'PUT', '/api/notifications/devices', in_(session, { body: aDevice(), headers }));

describe("the sandbox's limits count per session", () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox({ limits: { ...DEFAULT_LIMITS, writesPerWindow: 2, inFlightPerUser: 1 } });
  });
  after(async () => {
    await sandbox.close();
  });

  it("when a session has made its writes of the window, then its next is 429, while another session's are served; a reset starts its count again", async () => {
    const first = await put(sandbox, 'writes-a');
    expect(first.status).to.equal(201);
    expect(first.headers.get('ratelimit')).to.match(/^"writes"; r=1; t=\d+$/);
    await put(sandbox, 'writes-a');
    const refused = await put(sandbox, 'writes-a');
    expect([refused.status, refused.body.type]).to.deep.equal([429, 'urn:problem:collab:rate-limited']);
    expect([(await put(sandbox, 'writes-b')).status, (await put(sandbox, 'writes-b')).status]).to.deep.equal([
      201, 201,
    ]);
    expect((await call(sandbox, 'POST', '/sandbox/reset', in_('writes-a'))).status).to.equal(204);
    expect((await put(sandbox, 'writes-a')).status).to.equal(201);
  });

  it("when a session has a request in flight, then its next is 503 overloaded, while another session's is served", async () => {
    const held = await holdRequest(sandbox, 'PATCH', '/api/streams/nav', { 'x-sandbox-session': 'busy-a' });
    try {
      const refused = await call(sandbox, 'GET', '/api/streams/nav', in_('busy-a'));
      expect([refused.status, refused.body.type]).to.deep.equal([503, 'urn:problem:collab:overloaded']);
      expect((await call(sandbox, 'GET', '/api/streams/nav', in_('busy-b'))).status).to.equal(200);
    } finally {
      await held.release();
    }
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('busy-a'))).status, 'released').to.equal(200);
  });
});
