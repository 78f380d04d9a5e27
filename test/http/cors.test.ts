import { expect } from 'chai';
import { SignJWT } from 'jose';
import { loadConfig } from '../../src/config/load-config.js';
import { call, type Reply } from '../helpers/client.js';
import { startService, type Service } from '../helpers/service.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const APP = 'https://app.example.com';

const preflight = (service: Service, origin: string, path = '/api/streams', method = 'POST') =>
  call(service, 'OPTIONS', path, {
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,prefer,x-request-id',
    },
  });

/** What one front-end configuration sends to the mock, the sandbox and the service alike (the sandbox's own are ignored here). */
const ONE_CONFIGURATION = [
  'prefer',
  'x-sandbox-session',
  'x-sandbox-clock',
  'idempotency-key',
  'if-match',
  'if-none-match',
  'x-request-id',
  'traceparent',
  'tracestate',
];
/** What a page may read of every response. */
const EXPOSED = [
  'etag',
  'location',
  'link',
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
  'x-request-id',
  'deprecation',
  'sunset',
];

const listed = (reply: Reply, header: string) =>
  (reply.headers.get(header) ?? '').split(',').map((name) => name.trim().toLowerCase());

describe('CORS_ORIGINS (configuration)', () => {
  it('when nothing is configured and there is no authentication on loopback, then pages on localhost and 127.0.0.1 (any port) are allowed', async () => {
    const service = await startService({ corsOrigins: loadConfig({}).corsOrigins });
    try {
      for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'http://localhost']) {
        const reply = await preflight(service, origin);
        expect([reply.status, reply.headers.get('access-control-allow-origin')], origin).to.deep.equal([204, origin]);
      }
      for (const origin of [
        'https://localhost:5173',
        'http://localhost.example.com',
        'http://127.0.0.1.example.com',
        'http://10.0.0.1:5173',
      ]) {
        expect((await preflight(service, origin)).headers.get('access-control-allow-origin'), origin).to.equal(null);
      }
    } finally {
      await service.close();
    }
  });
  it('when authentication is configured, or the host is not loopback, then no origin is allowed by default', () => {
    expect(loadConfig({ AUTH_JWT_SECRET: SECRET }).corsOrigins).to.deep.equal([]);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_UNAUTHENTICATED: 'true' }).corsOrigins).to.deep.equal([]);
  });
  it('when CORS_ORIGINS lists origins or says * or none, then exactly those are allowed', () => {
    expect(loadConfig({ CORS_ORIGINS: `${APP}, http://localhost:5173` }).corsOrigins).to.deep.equal([
      APP,
      'http://localhost:5173',
    ]);
    expect(loadConfig({ CORS_ORIGINS: '*', AUTH_JWT_SECRET: SECRET }).corsOrigins).to.equal('*');
    expect(loadConfig({ CORS_ORIGINS: 'none' }).corsOrigins).to.deep.equal([]);
    expect(() => loadConfig({ CORS_ORIGINS: '' }), 'empty is a mistake, not none').to.throw(
      'CORS_ORIGINS is set but empty',
    );
  });
  it('when an entry is not an origin, then the configuration is refused, naming it', () => {
    for (const bad of [`${APP}/`, 'app.example.com', `${APP}/path`, 'http://localhost:80']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).to.throw(/CORS_ORIGINS must be/);
    }
  });
});

describe('CORS on the wire (an allowed origin, authentication on)', () => {
  let service: Service;
  before(async () => {
    service = await startService({ auth: { secret: SECRET }, corsOrigins: [APP] });
  });
  after(async () => {
    await service.close();
  });

  it('when an allowed origin sends a preflight without a token, then 204 with the CORS headers, before authentication', async () => {
    const reply = await preflight(service, APP);
    expect(reply.status).to.equal(204);
    expect(reply.headers.get('access-control-allow-origin')).to.equal(APP);
    expect(listed(reply, 'vary')).to.include('origin');
    expect(listed(reply, 'access-control-allow-methods')).to.include.members(['get', 'post', 'put', 'patch', 'delete']);
    expect(listed(reply, 'access-control-allow-headers')).to.have.members([
      'authorization',
      'content-type',
      ...ONE_CONFIGURATION,
    ]);
    expect(reply.headers.get('www-authenticate')).to.equal(null);
  });
  it("when a preflight asks for every header of the one front-end configuration, then all are allowed, and a request with them is served (the sandbox's ignored)", async () => {
    const reply = await call(service, 'OPTIONS', '/api/streams', {
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': ['authorization', 'content-type', ...ONE_CONFIGURATION].join(','),
      },
    });
    expect(reply.status).to.equal(204);
    expect(listed(reply, 'access-control-allow-headers')).to.include.members(ONE_CONFIGURATION);
    const jwt = await new SignJWT({ sub: 'cy' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    const created = await call(service, 'POST', '/api/streams', {
      body: { title: 'one configuration' },
      headers: {
        origin: APP,
        authorization: `Bearer ${jwt}`,
        'x-sandbox-session': 'mine',
        'x-sandbox-clock': 'not a date',
        prefer: 'code=409',
        'x-request-id': 'one-config',
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        tracestate: 'collab=1',
      },
    });
    expect([created.status, created.headers.get('x-request-id')]).to.deep.equal([201, 'one-config']);
  });
  it('when a preflight names any path, even one no route serves, then it is answered 204 (the request itself gets its 404)', async () => {
    for (const path of ['/api/streams/nav', '/api/cycles/templates/x/draft', '/API/streams', '/api/nothing-here']) {
      expect((await preflight(service, APP, path, 'PATCH')).status, path).to.equal(204);
    }
  });
  it('when an allowed origin calls without a token, then the 401 carries the CORS headers, so the page can read it', async () => {
    const reply = await call(service, 'GET', '/api/streams/nav', { headers: { origin: APP } });
    expect(reply.status).to.equal(401);
    expect(reply.headers.get('access-control-allow-origin')).to.equal(APP);
    expect(listed(reply, 'access-control-expose-headers')).to.have.members(EXPOSED);
  });
  it('when an allowed origin creates a stream, then Location is exposed to the page', async () => {
    const jwt = await new SignJWT({ sub: 'ann' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    const reply = await call(service, 'POST', '/api/streams', {
      headers: { origin: APP, authorization: `Bearer ${jwt}` },
      body: { title: 'CORS' },
    });
    expect(reply.status).to.equal(201);
    expect(reply.headers.get('access-control-allow-origin')).to.equal(APP);
    expect(listed(reply, 'access-control-expose-headers')).to.include('location');
  });
  it('when an origin that is not allowed sends a preflight or a request, then no CORS header allows it, and Vary: Origin is set', async () => {
    for (const reply of [
      await preflight(service, 'https://evil.example.com'),
      await call(service, 'GET', '/healthz', { headers: { origin: 'http://localhost:5173' } }),
    ]) {
      expect(reply.status).to.not.equal(204);
      expect(reply.headers.get('access-control-allow-origin')).to.equal(null);
      expect(reply.headers.get('access-control-allow-headers')).to.equal(null);
      expect(listed(reply, 'vary')).to.include('origin');
    }
  });
  it('when a request comes without Origin (not from a browser), then it is served as ever, without CORS headers', async () => {
    const reply = await call(service, 'GET', '/healthz');
    expect(reply.status).to.equal(200);
    expect(reply.headers.get('access-control-allow-origin')).to.equal(null);
  });
});

describe('CORS on the wire (CORS_ORIGINS=*)', () => {
  let service: Service;
  before(async () => {
    service = await startService({ corsOrigins: '*' });
  });
  after(async () => {
    await service.close();
  });

  it('when any origin sends a preflight, then 204 with Access-Control-Allow-Origin: *', async () => {
    const reply = await preflight(service, 'https://anywhere.example.org', '/api/streams/nav', 'PATCH');
    expect(reply.status).to.equal(204);
    expect(reply.headers.get('access-control-allow-origin')).to.equal('*');
  });
});
