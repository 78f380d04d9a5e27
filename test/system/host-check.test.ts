import { expect } from 'chai';
import { parseAllowedHosts } from '../../src/config/allowed-hosts.js';
import { rawRequest } from '../helpers/raw.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

const SECRET = 'a-host-check-test-secret-long-enough-012345';

/** A request with this Host header (fetch sets its own). */
const withHost = (service: Service, host: string, method = 'GET', path = '/api/streams/nav', body?: string) =>
  rawRequest(service, method, path, { host, ...(body ? { 'content-type': 'application/json' } : {}) }, body);

describe('the Host check without authentication (DNS rebinding, ALLOWED_HOSTS)', () => {
  let service: Service;
  before(async () => {
    service = await startService({ allowedHosts: ['app.test', '.dev.test'] });
    expect((await withHost(service, 'localhost', 'PATCH', '/api/streams/nav', '{"sort":"kept"}')).status).to.equal(200);
  });
  after(async () => {
    await service.close();
  });

  it('when the Host is this machine by any of its names, on any port, then the request is served', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:9', 'LOCALHOST:80', '[::1]', '[::1]:3000']) {
      expect((await withHost(service, host)).status, host).to.equal(200);
    }
  });

  it('when the Host is another name, then 421 host-not-allowed names it and ALLOWED_HOSTS, and the write is not done', async () => {
    const refused = await withHost(service, 'attacker.test:3000', 'PATCH', '/api/streams/nav', '{"sort":"rebound"}');
    expect(refused.status).to.equal(421);
    expect(refused.headers['content-type']).to.match(/^application\/problem\+json/);
    const problem = JSON.parse(refused.text);
    expect(problem).to.include({
      type: 'urn:problem:collab:host-not-allowed',
      status: 421,
      host: 'attacker.test:3000',
    });
    expect(problem.detail).to.contain('ALLOWED_HOSTS').and.contain('attacker.test:3000');
    expect(JSON.parse((await withHost(service, 'localhost')).text).sort).to.equal('kept');
    for (const host of [
      '127.0.0.1.attacker.test',
      'localhost.attacker.test',
      'app.test.attacker.test',
      '[::2]',
      'localhost:abc',
    ]) {
      expect((await withHost(service, host)).status, host).to.equal(421);
    }
  });

  it('when the Host is in ALLOWED_HOSTS, or under a .suffix there, then it is served', async () => {
    for (const host of ['app.test', 'APP.test:8080', 'dev.test', 'a.dev.test', 'b.a.dev.test:1']) {
      expect((await withHost(service, host)).status, host).to.equal(200);
    }
  });

  it('when a probe is asked under any Host, then it answers: balancers and scrapers reach it by address', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics'])
      expect((await withHost(service, '10.1.2.3:8080', 'GET', path)).status, path).to.equal(200);
  });

  it('when authentication is configured, then any Host is served: the token decides', async () => {
    const withAuth = await startService({ auth: { secret: SECRET } });
    try {
      const reply = await withHost(withAuth, 'attacker.test');
      expect([reply.status, JSON.parse(reply.text).type]).to.deep.equal([401, 'urn:problem:collab:unauthenticated']);
    } finally {
      await withAuth.close();
    }
  });

  it('when the sandbox is asked under a foreign Host, then 421 too, and under its own names it serves', async () => {
    const sandbox = await startSandbox();
    try {
      expect((await withHost(sandbox, 'attacker.test', 'POST', '/sandbox/reset')).status).to.equal(421);
      expect((await withHost(sandbox, 'localhost:4020')).status).to.equal(200);
    } finally {
      await sandbox.close();
    }
  });

  it('when ALLOWED_HOSTS is read, then names and .suffixes pass, and anything with a scheme, port or path is refused', () => {
    expect(parseAllowedHosts(' App.Test, .dev.test ,,[::2]')).to.deep.equal(['app.test', '.dev.test', '[::2]']);
    expect(parseAllowedHosts('')).to.deep.equal([]);
    for (const wrong of ['http://app.test', 'app.test:80', 'app.test/x', '*', 'a b']) {
      expect(() => parseAllowedHosts(wrong), wrong).to.throw(/ALLOWED_HOSTS holds host names/);
    }
  });
});
