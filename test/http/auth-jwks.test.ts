import { expect } from 'chai';
import { SignJWT } from 'jose';
import type { AuthConfig } from '../../src/config/load-config.js';
import { call, type Reply } from '../helpers/client.js';
import { IdentityProvider } from '../helpers/identity-provider.js';
import { startService, type Service } from '../helpers/service.js';
import { until } from '../helpers/until.js';

// The timing of the key set is made short or long here, never waited out: each test sets what it needs.
const AT_ONCE = { cooldownMs: 0, maxAgeMs: 3_600_000, timeoutMs: 5_000 };
const DAY = 24 * 3600;

/** A read that any authenticated user gets 200 for (their devices, none). */
const nav = (service: Service, token: string) =>
  call(service, 'GET', '/api/notifications/devices', { headers: { authorization: `Bearer ${token}` } });

function expectRefused(reply: Reply, detail: RegExp): void {
  expect(reply.status).to.equal(401);
  expect(reply.headers.get('www-authenticate')).to.equal('Bearer error="invalid_token"');
  expect(reply.body.detail).to.match(detail);
}

/** Calls until `done` holds of the reply; the key set changes in the background. */
async function eventually(request: () => Promise<Reply>, done: (reply: Reply) => boolean): Promise<Reply> {
  let reply: Reply | undefined;
  await until(async () => done((reply = await request())));
  return reply!;
}

describe('bearer JWT authentication against an identity provider (AUTH_JWKS_URL)', () => {
  let provider: IdentityProvider;
  let service: Service | undefined;
  beforeEach(async () => {
    provider = await new IdentityProvider().start();
  });
  afterEach(async () => {
    await service?.close();
    service = undefined;
    await provider.stop();
  });
  const serve = async (auth: Partial<AuthConfig> = {}) => {
    service = await startService({ auth: { jwksUrl: provider.jwksUrl, keySetTiming: AT_ONCE, ...auth } });
    return service;
  };

  it('when a token is signed with a published key (RS256, PS256, ES256, ES384, EdDSA), then it is accepted as its sub', async () => {
    const keys = [];
    for (const alg of ['RS256', 'PS256', 'ES256', 'ES384', 'EdDSA']) keys.push(await provider.newKey(alg));
    await serve();
    for (const key of keys) {
      const reply = await call(service!, 'PATCH', '/api/streams/nav', {
        headers: { authorization: `Bearer ${await provider.token(key, { sub: 'bob' })}` },
        body: { sort: key.alg },
      });
      expect(reply.status, key.alg).to.equal(200);
    }
    expect(
      (
        await call(service!, 'GET', '/api/streams/nav', {
          headers: { authorization: `Bearer ${await provider.token(keys[0]!, { sub: 'bob' })}` },
        })
      ).body.sort,
    ).to.equal('EdDSA');
  });

  it('when the provider publishes a new key, then its tokens are accepted without a restart; a kid never published gets 401', async () => {
    const first = await provider.newKey();
    await serve();
    expect((await nav(service!, await provider.token(first))).status).to.equal(200);
    const rotated = await provider.newKey('ES256');
    expect((await nav(service!, await provider.token(rotated))).status, 'fetched again for the new kid').to.equal(200);
    const unpublished = await provider.newKey('RS256', false);
    expectRefused(await nav(service!, await provider.token(unpublished)), /not one the identity provider publishes/);
    expectRefused(
      await nav(service!, await provider.token(first, {}, { kid: 'no-such-kid' })),
      /not one the identity provider publishes/,
    );
  });

  it('when unknown kids come within the cooldown, then the key set is not fetched again for them', async () => {
    const key = await provider.newKey();
    await serve({ keySetTiming: { ...AT_ONCE, cooldownMs: 3_600_000 } });
    expect((await nav(service!, await provider.token(key))).status).to.equal(200);
    const fetches = provider.fetches;
    const later = await provider.newKey();
    for (let i = 0; i < 5; i++)
      expectRefused(await nav(service!, await provider.token(later)), /not one the identity provider publishes/);
    expect(provider.fetches).to.equal(fetches);
  });

  it('when the provider withdraws a key, then its tokens are refused once the key set is fetched again (past its age)', async () => {
    const [old, current] = [await provider.newKey(), await provider.newKey()];
    await serve({ keySetTiming: { ...AT_ONCE, maxAgeMs: 0 } });
    expect((await nav(service!, await provider.token(old))).status).to.equal(200);
    provider.withdraw(old);
    const token = await provider.token(old);
    expectRefused(
      await eventually(
        () => nav(service!, token),
        (reply) => reply.status !== 200,
      ),
      /not one the identity provider publishes/,
    );
    expect((await nav(service!, await provider.token(current))).status).to.equal(200);
  });

  it('when the provider fails or is down, then tokens of keys fetched before are still accepted, past the age of the set', async () => {
    const key = await provider.newKey();
    await serve({ keySetTiming: { ...AT_ONCE, maxAgeMs: 0 } });
    const token = await provider.token(key);
    expect((await nav(service!, token)).status).to.equal(200);
    provider.mode = 'failing';
    const fetches = provider.fetches;
    // Each request starts a fetch of the stale set, which fails (503): every one of them is still served.
    await eventually(
      () => nav(service!, token),
      (reply) => {
        expect(reply.status, 'answered 503').to.equal(200);
        return provider.fetches > fetches + 2;
      },
    );
    await provider.stop();
    for (let i = 0; i < 3; i++) expect((await nav(service!, token)).status, 'refused connections').to.equal(200);
  });

  it('when the provider is down and a token needs a key not fetched, then 401 says the key set could not be fetched, never 5xx', async () => {
    const known = await provider.newKey();
    // The hanging provider is waited out: 2 s, not AT_ONCE's 5, still leaves the first fetch time on a busy machine.
    await serve({ keySetTiming: { ...AT_ONCE, timeoutMs: 2_000 } });
    expect((await nav(service!, await provider.token(known))).status).to.equal(200);
    const fresh = await provider.newKey();
    provider.mode = 'failing';
    expectRefused(await nav(service!, await provider.token(fresh)), /key set could not be fetched/);
    provider.mode = 'hanging';
    expectRefused(await nav(service!, await provider.token(fresh)), /key set could not be fetched/);
    await provider.stop();
    expectRefused(await nav(service!, await provider.token(fresh)), /key set could not be fetched/);
    expect((await nav(service!, await provider.token(known))).status, 'the known key still serves').to.equal(200);
  });

  it('when the provider was down at start-up, then tokens get 401 until it answers, then they are accepted', async () => {
    provider.mode = 'failing';
    const key = await provider.newKey();
    await serve();
    expectRefused(await nav(service!, await provider.token(key)), /key set could not be fetched/);
    provider.mode = 'up';
    expect((await nav(service!, await provider.token(key))).status).to.equal(200);
  });

  it('when a token is signed with HS256 (the public key as a secret, or any secret), then 401: the key set signs asymmetrically only', async () => {
    const key = await provider.newKey();
    await serve();
    const forged = await new SignJWT({ sub: 'alice' })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(JSON.stringify(key.jwk)));
    expectRefused(await nav(service!, forged), /algorithm/);
  });

  it('when AUTH_JWT_ISSUER, AUTH_JWT_AUDIENCE and the lifetime rules are set, then they apply as with a secret', async () => {
    const key = await provider.newKey();
    await serve({ issuer: 'https://idp.test', audience: 'collab' });
    const claims = { iss: 'https://idp.test', aud: 'collab' };
    expect((await nav(service!, await provider.token(key, claims))).status).to.equal(200);
    expectRefused(await nav(service!, await provider.token(key, { ...claims, aud: 'other' })), /aud/);
    expectRefused(await nav(service!, await provider.token(key, { ...claims, iss: 'https://other.test' })), /iss/);
    const now = Math.floor(Date.now() / 1000);
    expectRefused(
      await nav(service!, await provider.token(key, { ...claims, iat: now, exp: now + DAY + 1 })),
      /valid for longer/,
    );
    expectRefused(await nav(service!, await provider.token(key, { ...claims, sub: 'local' })), /reserved/);
  });
});

describe('bearer JWT authentication against an OpenID Connect issuer (AUTH_OIDC_ISSUER)', () => {
  let provider: IdentityProvider;
  let service: Service | undefined;
  beforeEach(async () => {
    provider = await new IdentityProvider().start();
  });
  afterEach(async () => {
    await service?.close();
    service = undefined;
    await provider.stop();
  });

  it('when the issuer is given, then its discovery document names the key set, and its tokens must carry it as iss', async () => {
    const key = await provider.newKey();
    service = await startService({
      auth: { oidcIssuer: provider.issuer, issuer: provider.issuer, keySetTiming: AT_ONCE },
    });
    expect((await nav(service, await provider.token(key, { iss: provider.issuer }))).status).to.equal(200);
    expectRefused(await nav(service, await provider.token(key, { iss: 'https://elsewhere.test' })), /iss/);
  });

  it('when the discovery document names another issuer, then its keys are not used: 401', async () => {
    provider.discoveredIssuer = 'https://impostor.test';
    const key = await provider.newKey();
    service = await startService({ auth: { oidcIssuer: provider.issuer, keySetTiming: AT_ONCE } });
    expectRefused(
      await nav(service, await provider.token(key, { iss: provider.issuer })),
      /key set could not be fetched/,
    );
    expect(provider.fetches, 'the key set was never asked for').to.equal(0);
  });
});
