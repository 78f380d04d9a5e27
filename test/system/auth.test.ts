import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { SignJWT, type JWTPayload } from 'jose';
import { CLOCK_SKEW_SECONDS, MAX_SUBJECT_LENGTH } from '../../src/edge/authenticate.js';
import { call, type Reply } from '../helpers/client.js';
import { aDevice, uuid } from '../helpers/factories.js';
import { freshDataFile, startService, type Service } from '../helpers/service.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const DAY = 24 * 3600;
const key = (secret = SECRET) => new TextEncoder().encode(secret);

async function token(
  claims: JWTPayload & { sub?: string },
  options: { secret?: string; alg?: string } = {},
): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256' });
  if (claims.iat === undefined) jwt.setIssuedAt();
  if (claims.exp === undefined) jwt.setExpirationTime('10m');
  return jwt.sign(key(options.secret));
}

const as = (bearer: string | undefined): Record<string, string> =>
  bearer === undefined ? {} : { authorization: `Bearer ${bearer}` };

function expectUnauthenticated(reply: Reply, detail: RegExp, challenge = 'Bearer error="invalid_token"'): void {
  expect(reply.status).to.equal(401);
  expect(reply.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(reply.headers.get('www-authenticate')).to.equal(challenge);
  expect(reply.body).to.include({ type: 'urn:problem:collab:unauthenticated', status: 401 });
  expect(reply.body.detail).to.match(detail);
}

describe('bearer JWT authentication (AUTH_JWT_SECRET, HS256)', () => {
  let service: Service;
  before(async () => {
    service = await startService({ auth: { secret: SECRET, issuer: 'collab-tests', audience: 'collab' } });
  });
  after(async () => {
    await service.close();
  });

  const valid = (sub: string, extra: JWTPayload = {}) => token({ sub, iss: 'collab-tests', aud: 'collab', ...extra });
  const nav = (bearer?: string) => call(service, 'GET', '/api/streams/nav', { headers: as(bearer) });

  it('when no token is sent to /api, then 401 with WWW-Authenticate: Bearer', async () => {
    expectUnauthenticated(await nav(), /Authorization: Bearer/, 'Bearer');
  });
  it('when the Authorization header is not a bearer token, then 401', async () => {
    for (const header of ['Basic YWxpY2U6c2VjcmV0', 'Bearer', 'Bearer two words', `bearer-${'x'}`]) {
      const reply = await call(service, 'GET', '/api/streams/nav', { headers: { authorization: header } });
      expect(reply.status, header).to.equal(401);
    }
  });
  it('when the token carries no exp, then 401 says it must', async () => {
    const forever = await new SignJWT({ sub: 'alice', iss: 'collab-tests', aud: 'collab' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key());
    expectUnauthenticated(await nav(forever), /no exp claim/);
  });
  it('when the scheme is spelled bearer or BEARER, then the token is accepted (RFC 9110: case-insensitive)', async () => {
    const jwt = await valid('alice');
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const reply = await call(service, 'PATCH', '/api/streams/nav', {
        headers: { authorization: `${scheme} ${jwt}` },
        body: { sort: scheme },
      });
      expect(reply.status, scheme).to.equal(200);
      expect(reply.body.sort).to.equal(scheme);
    }
  });
  it('when the token is malformed, then 401 invalid_token', async () => {
    expectUnauthenticated(await nav('not.a.jwt'), /malformed/);
  });
  it('when the token has expired, then 401 says so', async () => {
    expectUnauthenticated(await nav(await valid('alice', { exp: Math.floor(Date.now() / 1000) - 60 })), /expired/);
  });
  it('when the token is not yet valid, then 401', async () => {
    expectUnauthenticated(await nav(await valid('alice', { nbf: Math.floor(Date.now() / 1000) + 3600 })), /nbf/);
  });
  it('when the issuer or the audience is wrong, then 401', async () => {
    expectUnauthenticated(await nav(await valid('alice', { iss: 'someone-else' })), /iss/);
    expectUnauthenticated(await nav(await valid('alice', { aud: 'another-api' })), /aud/);
  });
  it('when the token is signed with another secret, then 401', async () => {
    const forged = await token({ sub: 'alice', iss: 'collab-tests', aud: 'collab' }, { secret: `${SECRET}-other` });
    expectUnauthenticated(await nav(forged), /signature/);
  });
  it('when the token is unsigned (alg none) or uses another algorithm, then 401', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'alice', iss: 'collab-tests', aud: 'collab', exp: 9_999_999_999 }),
    ).toString('base64url');
    expect((await nav(`${header}.${payload}.`)).status).to.equal(401);
    const hs512 = await token({ sub: 'alice', iss: 'collab-tests', aud: 'collab' }, { alg: 'HS512' });
    expectUnauthenticated(await nav(hs512), /algorithm/);
  });
  it('when the token lives exactly 24 h from its iat, then it is accepted; one second longer, then 401 says it lives too long', async () => {
    const iat = Math.floor(Date.now() / 1000);
    expect((await nav(await valid('alice', { iat, exp: iat + DAY }))).status).to.equal(200);
    expectUnauthenticated(
      await nav(await valid('alice', { iat, exp: iat + DAY + 1 })),
      /valid for longer than this service accepts/,
    );
  });
  it('when a token without iat expires more than 24 h from now, then 401; within 24 h, then it is accepted', async () => {
    const unissued = (exp: number) =>
      new SignJWT({ sub: 'alice', iss: 'collab-tests', aud: 'collab', exp })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(key());
    const now = Math.floor(Date.now() / 1000);
    expect((await nav(await unissued(now + DAY - 60))).status).to.equal(200);
    expectUnauthenticated(await nav(await unissued(now + DAY + 60)), /valid for longer/);
    expectUnauthenticated(await nav(await unissued(1e13)), /valid for longer/);
  });
  it('when iat is more than a minute in the future, then 401; within the minute of skew, then it is accepted', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await nav(await valid('alice', { iat: now + CLOCK_SKEW_SECONDS - 5, exp: now + 600 }))).status).to.equal(
      200,
    );
    expectUnauthenticated(
      await nav(await valid('alice', { iat: now + CLOCK_SKEW_SECONDS + 5, exp: now + 600 })),
      /iat claim is in the future/,
    );
    expectUnauthenticated(
      await nav(await valid('alice', { iat: 16_725_225_600, exp: 16_725_225_600 + 60 })),
      /iat claim is in the future/,
    );
  });
  it('when nbf or exp is off by less than the minute of skew iat has, then it is accepted; by more, then 401 naming the claim', async () => {
    const now = Math.floor(Date.now() / 1000);
    // An issuer whose clock runs 30 s ahead, setting nbf = iat (many do).
    const ahead = await valid('alice', { iat: now + 30, nbf: now + 30, exp: now + 600 });
    expect((await nav(ahead)).status).to.equal(200);
    expectUnauthenticated(
      await nav(await valid('alice', { iat: now, nbf: now + CLOCK_SKEW_SECONDS + 5, exp: now + 600 })),
      /nbf|not active/i,
    );
    expect((await nav(await valid('alice', { iat: now - 600, exp: now - 30 }))).status, 'expired 30 s ago').to.equal(
      200,
    );
    expectUnauthenticated(
      await nav(await valid('alice', { iat: now - 600, exp: now - CLOCK_SKEW_SECONDS - 5 })),
      /expired/,
    );
  });
  it(`when sub has ${MAX_SUBJECT_LENGTH} characters, then it is the user; ${MAX_SUBJECT_LENGTH + 1}, then 401`, async () => {
    const longest = '\u{1F600}'.repeat(MAX_SUBJECT_LENGTH); // characters, not UTF-16 units
    const reply = await call(service, 'POST', '/api/streams', {
      headers: as(await valid(longest)),
      body: { title: 't' },
    });
    expect(reply.status).to.equal(201);
    expect(reply.body.createdBy).to.equal(longest);
    expectUnauthenticated(await nav(await valid(`${longest}x`)), /sub claim is longer than 256 characters/);
    expectUnauthenticated(await nav(await valid('x'.repeat(20_000))), /sub claim is longer/);
  });
  it('when the token\'s subject is "local", the user of every request without authentication, then 401: it is reserved', async () => {
    expectUnauthenticated(await nav(await valid('local')), /subject "local" is reserved/);
    const reply = await call(service, 'POST', '/api/streams', {
      headers: as(await valid('local')),
      body: { title: 't' },
    });
    expect(reply.status).to.equal(401);
    const other = await nav(await valid('Local'));
    expect([other.status, other.body.updatedAt], 'another user: the defaults').to.deep.equal([
      200,
      '1970-01-01T00:00:00.000Z',
    ]);
  });
  it('when the token has no subject, then 401', async () => {
    expectUnauthenticated(await nav(await token({ iss: 'collab-tests', aud: 'collab' })), /sub/);
  });
  it('when the token is valid, then the request acts as its sub', async () => {
    const reply = await call(service, 'PATCH', '/api/identity/settings/whoami', {
      headers: as(await valid('alice')),
      body: { patch: { me: true } },
    });
    expect(reply.status).to.equal(200);
    const draft = await call(service, 'PUT', `/api/cycles/templates/${uuid()}/draft`, {
      headers: as(await valid('alice')),
      body: {
        triggerName: 't',
        description: null,
        phasesTemplate: [
          {
            id: uuid(),
            agentId: null,
            goal: 'g',
            instructions: null,
            autoAdvance: true,
            phaseName: null,
            operatorPool: [],
          },
        ],
      },
    });
    expect(draft.body.updatedBy).to.equal('alice');
    const stream = await call(service, 'POST', '/api/streams', {
      headers: as(await valid('alice')),
      body: { title: 't' },
    });
    expect(stream.body).to.include({ createdBy: 'alice' });
    expect(stream.body.members).to.deep.equal(['alice']);
  });
  it('when /healthz, /docs or /openapi.yaml is requested without a token, then it is served', async () => {
    expect((await call(service, 'GET', '/healthz')).status).to.equal(200);
    expect((await call(service, 'GET', '/docs')).status).to.be.oneOf([200, 404]); // 404 only when the docs are not built
  });
});

describe('bearer JWT authentication (AUTH_JWT_PUBLIC_KEY)', () => {
  for (const [type, alg, options] of [
    ['rsa', 'RS256', { modulusLength: 2048 }],
    ['ec', 'ES256', { namedCurve: 'P-256' }],
  ] as const) {
    it(`when the key is ${alg}, then a token signed with its private key is accepted and one signed with the public key as an HMAC secret is not`, async () => {
      const pair = generateKeyPairSync(type as 'rsa', options as { modulusLength: number });
      const publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const service = await startService({ auth: { publicKey } });
      try {
        const good = await new SignJWT({ sub: 'carol' })
          .setProtectedHeader({ alg })
          .setExpirationTime('5m')
          .sign(pair.privateKey);
        const reply = await call(service, 'PATCH', '/api/streams/nav', { headers: as(good), body: { sort: 'x' } });
        expect(reply.status).to.equal(200);
        const confused = await token({ sub: 'carol' }, { secret: publicKey });
        expect((await call(service, 'GET', '/api/streams/nav', { headers: as(confused) })).status).to.equal(401);
      } finally {
        await service.close();
      }
    });
  }
});

describe('a rotation: the previous secret or key keeps verifying (AUTH_JWT_SECRET_PREVIOUS, AUTH_JWT_PUBLIC_KEY_PREVIOUS)', () => {
  const OLD = 'the-previous-test-secret-long-enough-9876543210';
  const nav = (service: Service, bearer: string) => call(service, 'GET', '/api/streams/nav', { headers: as(bearer) });

  it('when tokens are signed with the current or the previous secret, then both verify; with another, then 401 says the signature does not verify', async () => {
    const service = await startService({ auth: { secret: SECRET, previousSecret: OLD } });
    try {
      expect((await nav(service, await token({ sub: 'alice' }))).status, 'current').to.equal(200);
      expect((await nav(service, await token({ sub: 'alice' }, { secret: OLD }))).status, 'previous').to.equal(200);
      expectUnauthenticated(await nav(service, await token({ sub: 'alice' }, { secret: `${OLD}-x` })), /signature/);
      const expired = await token({ sub: 'alice', exp: Math.floor(Date.now() / 1000) - 60 }, { secret: OLD });
      expectUnauthenticated(await nav(service, expired), /expired/);
      expectUnauthenticated(
        await nav(service, await token({ sub: 'alice' }, { secret: OLD, alg: 'HS512' })),
        /algorithm/,
      );
    } finally {
      await service.close();
    }
  });

  it('when the previous is a public key (ES256) beside a current RS256 key or secret, then tokens of either verify, each with its own algorithm', async () => {
    const pem = (pair: { publicKey: { export(options: object): string | Buffer } }) =>
      pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const current = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const previous = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const signedBy = (alg: string, key: Parameters<SignJWT['sign']>[0]) =>
      new SignJWT({ sub: 'carol' }).setProtectedHeader({ alg }).setExpirationTime('5m').sign(key);
    for (const auth of [
      { publicKey: pem(current), previousPublicKey: pem(previous) },
      { secret: SECRET, previousPublicKey: pem(previous) },
    ]) {
      const service = await startService({ auth });
      try {
        const now = auth.secret ? await token({ sub: 'carol' }) : await signedBy('RS256', current.privateKey);
        expect((await nav(service, now)).status, 'current').to.equal(200);
        expect((await nav(service, await signedBy('ES256', previous.privateKey))).status, 'previous').to.equal(200);
        const confused = await token({ sub: 'carol' }, { secret: pem(previous) });
        expect((await nav(service, confused)).status, 'the public key taken as a secret').to.equal(401);
      } finally {
        await service.close();
      }
    }
  });
});

describe('per-user isolation', () => {
  let service: Service;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  before(async () => {
    service = await startService({ auth: { secret: SECRET } });
    alice = as(await token({ sub: 'alice' }));
    bob = as(await token({ sub: 'bob' }));
  });
  after(async () => {
    await service.close();
  });

  const cases: [string, string, string, unknown][] = [
    ['notification settings', '/api/notifications/settings', 'PATCH', { sound: 'quack' }],
    ['navigation preferences', '/api/streams/nav', 'PATCH', { sort: 'alice-only' }],
    ['identity settings', '/api/identity/settings/profile', 'PATCH', { patch: { name: 'Alice' } }],
  ];
  for (const [name, path, method, body] of cases) {
    it(`when alice saves ${name}, then bob can neither read nor change hers`, async () => {
      const saved = await call(service, method, path, { headers: alice, body });
      expect(saved.status).to.equal(200);
      const bobs = await call(service, 'GET', path, { headers: bob });
      // Settings documents exist before their first write: bob reads his own defaults, never hers; a namespace is 404.
      const nothing = path.includes('/identity/') ? [404, undefined] : [200, '1970-01-01T00:00:00.000Z'];
      expect([bobs.status, bobs.body.updatedAt], 'bob reads nothing of hers').to.deep.equal(nothing);
      await call(service, method, path, { headers: bob, body });
      const own = await call(service, 'GET', path, { headers: alice });
      expect(own.body.updatedAt, "bob's write did not touch alice's").to.equal(saved.body.updatedAt);
    });
  }

  it('when alice marks a stream read, then bob sees no marker and his marker does not replace hers', async () => {
    const streamId = uuid();
    const mine = uuid();
    await call(service, 'PUT', '/api/chat/reads', { headers: alice, body: { streamId, lastReadMessageId: mine } });
    expect((await call(service, 'GET', `/api/chat/reads/${streamId}`, { headers: bob })).body.items).to.deep.equal([]);
    await call(service, 'PUT', '/api/chat/reads', { headers: bob, body: { streamId, lastReadMessageId: uuid() } });
    const hers = await call(service, 'GET', `/api/chat/reads/${streamId}`, { headers: alice });
    expect(hers.body.items.map((item: { lastReadMessageId: string }) => item.lastReadMessageId)).to.deep.equal([mine]);
  });

  it('when alice registers a device, then bob cannot list or delete it; when bob registers it, then it moves to him', async () => {
    const device = aDevice({ installationId: `shared-${uuid()}` });
    const path = `/api/notifications/devices/${device.appId}/${device.installationId}`;
    expect(
      (await call(service, 'PUT', '/api/notifications/devices', { headers: alice, body: device })).status,
    ).to.equal(201);
    expect((await call(service, 'GET', '/api/notifications/devices', { headers: bob })).body.items).to.deep.equal([]);
    expect((await call(service, 'DELETE', path, { headers: bob })).status, 'not his to delete').to.equal(404);
    expect((await call(service, 'GET', '/api/notifications/devices', { headers: alice })).body.items).to.have.length(1);
    // A new registration of his (openapi.yaml's registerDevice): 201, not the 200 of replacing one he had.
    expect((await call(service, 'PUT', '/api/notifications/devices', { headers: bob, body: device })).status).to.equal(
      201,
    );
    expect((await call(service, 'GET', '/api/notifications/devices', { headers: alice })).body.items).to.deep.equal([]);
    expect((await call(service, 'GET', '/api/notifications/devices', { headers: bob })).body.items).to.have.length(1);
  });
});

describe('npm run token', () => {
  it('when run with a secret and --sub, then it prints a token the service accepts as that user', async () => {
    const printed = execFileSync('npm', ['run', '--silent', 'token', '--', '--sub', 'dana'], {
      env: { ...process.env, AUTH_JWT_SECRET: SECRET },
      encoding: 'utf8',
    }).trim();
    const service = await startService({ auth: { secret: SECRET }, dataFile: await freshDataFile() });
    try {
      const reply = await call(service, 'POST', '/api/streams', { headers: as(printed), body: { title: 't' } });
      expect(reply.status).to.equal(201);
      expect(reply.body.createdBy).to.equal('dana');
    } finally {
      await service.close();
    }
  });
});
