import { expect } from 'chai';
import type { AuthConfig } from '../../src/config/load-config.js';
import { call, type Reply } from '../helpers/client.js';
import { IdentityProvider } from '../helpers/identity-provider.js';
import { startService, type Service } from '../helpers/service.js';

// The key set's bounds (AUTH_JWKS_MAX_BYTES, AUTH_JWKS_MAX_KEYS), made small here, against a real provider on a real port.
const AT_ONCE = { cooldownMs: 0, maxAgeMs: 3_600_000, timeoutMs: 5_000 };
const BOUNDS = { maxBytes: 8192, maxKeys: 3 };

const nav = (service: Service, token: string) =>
  call(service, 'GET', '/api/notifications/devices', { headers: { authorization: `Bearer ${token}` } });

function expectUnfetched(reply: Reply): void {
  expect(reply.status).to.equal(401);
  expect(reply.headers.get('www-authenticate')).to.equal('Bearer error="invalid_token"');
  expect(reply.body.detail).to.match(/key set could not be fetched/);
}

describe('the identity provider key set is bounded (AUTH_JWKS_MAX_BYTES, AUTH_JWKS_MAX_KEYS)', () => {
  let provider: IdentityProvider;
  let service: Service | undefined;
  let logged: { message: string; level: string }[];
  beforeEach(async () => {
    provider = await new IdentityProvider().start();
    logged = [];
  });
  afterEach(async () => {
    await service?.close();
    service = undefined;
    await provider.stop();
  });
  const serve = async (source: Pick<AuthConfig, 'jwksUrl' | 'oidcIssuer'> = { jwksUrl: provider.jwksUrl }) => {
    service = await startService({
      auth: {
        ...source,
        keySetTiming: AT_ONCE,
        keySetBounds: BOUNDS,
        onKeySetFailure: (message, level) => logged.push({ message, level }),
      },
    });
    return service;
  };
  const errors = () => logged.filter((line) => line.level === 'error').map((line) => line.message);

  for (const chunked of [false, true]) {
    const how = chunked ? 'sent chunked' : 'with its Content-Length';
    it(`when the key set (${how}) takes exactly AUTH_JWKS_MAX_BYTES and holds AUTH_JWKS_MAX_KEYS keys, then its tokens are accepted`, async () => {
      const keys = [await provider.newKey('ES256'), await provider.newKey('ES256'), await provider.newKey('ES256')];
      Object.assign(provider, { padTo: BOUNDS.maxBytes, chunked });
      await serve();
      for (const key of keys) expect((await nav(service!, await provider.token(key))).status).to.equal(200);
      expect(logged).to.deep.equal([]);
    });

    it(`when the key set (${how}) takes one byte past AUTH_JWKS_MAX_BYTES at start-up, then tokens get 401 as with a provider that is down, an error names both sizes, and once it shrinks its tokens are accepted`, async () => {
      const key = await provider.newKey('ES256');
      Object.assign(provider, { padTo: BOUNDS.maxBytes + 1, chunked });
      await serve();
      expectUnfetched(await nav(service!, await provider.token(key)));
      const [refusal] = errors();
      expect(refusal).to.include('was refused').and.include('more than AUTH_JWKS_MAX_BYTES (8192 bytes)');
      expect(refusal).to.include(chunked ? 'at least' : '8193 bytes (its Content-Length)');
      provider.padTo = undefined;
      expect((await nav(service!, await provider.token(key))).status).to.equal(200);
    });
  }

  it('when the provider sends a 16 MB key set without Content-Length, then the service stops reading past the bound, and the keys it held go on serving', async () => {
    const known = await provider.newKey('ES256');
    await serve();
    expect((await nav(service!, await provider.token(known))).status).to.equal(200);
    Object.assign(provider, { padTo: 16 * 1024 ** 2, chunked: true });
    const fresh = await provider.newKey('ES256');
    expectUnfetched(await nav(service!, await provider.token(fresh)));
    // The provider sees its connection go a moment after the service answered.
    for (let tries = 0; provider.cut === 0 && tries < 500; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(provider.cut, 'the answer was cut before its end').to.equal(1);
    expect(errors()[0]).to.match(/key set at \S+ is at least \d+ bytes \(read before stopping\), more than/);
    expect((await nav(service!, await provider.token(known))).status, 'the set in hand').to.equal(200);
  });

  it('when the provider publishes one key past AUTH_JWKS_MAX_KEYS, then that set is refused with an error naming both counts, and the keys fetched before go on serving', async () => {
    const known = [await provider.newKey('ES256'), await provider.newKey('ES256'), await provider.newKey('ES256')];
    await serve();
    for (const key of known) expect((await nav(service!, await provider.token(key))).status).to.equal(200);
    const fourth = await provider.newKey('ES256');
    expectUnfetched(await nav(service!, await provider.token(fourth)));
    expect(errors()).to.have.length(1);
    expect(errors()[0]).to.include('the key set holds 4 keys, more than AUTH_JWKS_MAX_KEYS (3)');
    for (const key of known) expect((await nav(service!, await provider.token(key))).status).to.equal(200);
    provider.withdraw(known[0]!);
    expect((await nav(service!, await provider.token(fourth))).status, 'back within the bound').to.equal(200);
  });

  it('when the discovery document of AUTH_OIDC_ISSUER passes AUTH_JWKS_MAX_BYTES, then it is refused the same way, and the key set is never asked for', async () => {
    const key = await provider.newKey('ES256');
    provider.discoveredIssuer = `${provider.issuer}/${'x'.repeat(BOUNDS.maxBytes)}`;
    await serve({ oidcIssuer: provider.issuer });
    expectUnfetched(await nav(service!, await provider.token(key, { iss: provider.issuer })));
    expect(errors()[0]).to.match(
      /the discovery document at \S+ is \d+ bytes \(its Content-Length\), more than AUTH_JWKS_MAX_BYTES/,
    );
    expect(provider.fetches).to.equal(0);
  });
});
