import { expect } from 'chai';
import { SignJWT } from 'jose';
import { loadSpec } from '../../src/contract/spec.js';
import { call } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { rawRequest } from '../helpers/raw.js';
import { startService, type Service } from '../helpers/service.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Every operation of openapi.yaml under /api, with its path parameters filled in. */
function apiOperations(): { method: string; path: string }[] {
  const operations: { method: string; path: string }[] = [];
  for (const [template, item] of Object.entries(loadSpec().paths)) {
    if (!template.startsWith('/api/')) continue;
    const path = template.replace(/\{[^}]+\}/g, () => uuid());
    for (const method of Object.keys(item).filter((name) => METHODS.includes(name)))
      operations.push({ method: method.toUpperCase(), path });
  }
  return operations;
}

/** Spellings of `path` that are not the path: none may reach a route without a token. */
function respellings(path: string): { spelling: string; expected: 401 | 404 }[] {
  const rest = path.slice('/api'.length);
  return [
    { spelling: `/API${rest}`, expected: 404 },
    { spelling: `/Api${rest}`, expected: 404 },
    { spelling: `//api${rest}`, expected: 404 },
    { spelling: `/%61pi${rest}`, expected: 404 },
    { spelling: `/api${rest.toUpperCase()}`, expected: 401 },
    { spelling: `/api/${rest}`, expected: 401 },
    { spelling: `/api${rest}/`, expected: 401 },
  ];
}

describe('authentication by route, not by spelling', () => {
  let service: Service;
  let bearer: string;
  before(async () => {
    service = await startService({ auth: { secret: SECRET } });
    bearer = await new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(SECRET));
  });
  after(async () => {
    await service.close();
  });

  const operations = apiOperations();
  it('covers every /api operation of openapi.yaml', () => {
    expect(operations.length).to.be.at.least(13);
  });

  for (const { method, path } of operations) {
    it(`when ${method} ${path.replace(/[0-9a-f-]{36}/g, '{id}')} is spelled otherwise without a token, then 401 or 404 problem, never the route`, async () => {
      for (const { spelling, expected } of respellings(path)) {
        const reply = await rawRequest(
          service,
          method,
          spelling,
          { 'content-type': 'application/json' },
          method === 'GET' || method === 'DELETE' ? undefined : '{}',
        );
        expect(reply.status, `${method} ${spelling}`).to.equal(expected);
        expect(reply.headers['content-type'], spelling).to.match(/^application\/problem\+json/);
        expect(JSON.parse(reply.text).status, spelling).to.equal(expected);
      }
    });
  }

  it('when data exists, then GET /API/... without a token gets 404 and not the data', async () => {
    const reply = await call(service, 'PATCH', '/api/streams/nav', {
      headers: { authorization: `Bearer ${bearer}` },
      body: { sort: 'secret-order' },
    });
    expect(reply.status).to.equal(200);
    for (const spelling of ['/API/streams/nav', '/Api/streams/nav', '/api/Streams/nav', '/api/streams/nav/']) {
      const leak = await rawRequest(service, 'GET', spelling, {});
      expect(leak.status, spelling).to.be.oneOf([401, 404]);
      expect(leak.text, spelling).not.to.contain('secret-order');
    }
    const owner = await call(service, 'GET', '/api/streams/nav', { headers: { authorization: `Bearer ${bearer}` } });
    expect(owner.body.sort).to.equal('secret-order');
  });

  it('when /healthz is spelled /HEALTHZ, then 404', async () => {
    expect((await rawRequest(service, 'GET', '/HEALTHZ', {})).status).to.equal(404);
    expect((await rawRequest(service, 'GET', '/healthz', {})).status).to.equal(200);
  });
});
