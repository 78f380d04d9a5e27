import { expect } from 'chai';
import { SignJWT } from 'jose';
import { call, pathsOf, type Reply } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

const STRONG = /^"[A-Za-z0-9_-]{22}"$/;
const tagOf = (reply: Reply) => reply.headers.get('etag')!;
const weak = (tag: string) => `W/${tag}`;
const SECRET = 'a-conditional-requests-secret-long-enough-0123';

/** A new user's Authorization header: each test's per-user documents start from nothing. */
async function aUser(): Promise<Record<string, string>> {
  const token = await new SignJWT({ sub: `user-${uuid()}` })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));
  return { authorization: `Bearer ${token}` };
}

/** A resource with a GET and a write that replaces or merges it: how to make it, change it, and read it. */
interface Resource {
  name: string;
  path: () => string;
  method: 'PATCH' | 'PUT';
  body: (version: number) => unknown;
  /** A settings document: it exists before its first write, as its defaults (openapi.yaml). */
  exists?: true;
}

const resources: Resource[] = [
  {
    name: 'navigation',
    path: () => '/api/streams/nav',
    method: 'PATCH',
    body: (version) => ({ sort: `sort-${version}` }),
    exists: true,
  },
  {
    name: 'notification settings',
    path: () => '/api/notifications/settings',
    method: 'PATCH',
    body: (version) => ({ channels: { mobile: { enabled: version % 2 === 0 } } }),
    exists: true,
  },
  {
    name: 'an identity namespace',
    path: () => `/api/identity/settings/ns-${uuid()}`,
    method: 'PATCH',
    body: (version) => ({ patch: { version } }),
  },
  {
    name: 'a draft',
    path: () => `/api/cycles/templates/${uuid()}/draft`,
    method: 'PUT',
    body: (version) => aDraft({ description: `version ${version}` }),
  },
];

describe('ETags and conditional requests (RFC 9110 §13) on single resources', () => {
  let service: Service;
  let user: Record<string, string>;
  before(async () => {
    service = await startService({ auth: { secret: SECRET } });
  });
  after(async () => {
    await service.close();
  });
  beforeEach(async () => {
    user = await aUser();
  });

  for (const { name, path: pathOf, method, body, exists } of resources) {
    describe(name, () => {
      let path: string;
      beforeEach(() => {
        path = pathOf();
      });
      const write = (version: number, headers: Record<string, string> = {}) =>
        call(service, method, path, { body: body(version), headers: { ...user, ...headers } });
      const read = (headers: Record<string, string> = {}) =>
        call(service, 'GET', path, { headers: { ...user, ...headers } });

      it('when it is written and read, then both answers carry the same strong ETag; a change gives another', async () => {
        const written = await write(1);
        expect(tagOf(written)).to.match(STRONG);
        expect(tagOf(await read())).to.equal(tagOf(written));
        const changed = await write(2);
        expect(tagOf(changed)).to.match(STRONG).and.not.equal(tagOf(written));
        expect(tagOf(await read())).to.equal(tagOf(changed));
      });

      it('when a GET sends If-None-Match with the current ETag (strong, weak, in a list, or *), then 304 with the ETag and no body; another tag gets 200', async () => {
        const tag = tagOf(await write(1));
        for (const ifNoneMatch of [tag, weak(tag), `"other", ${tag}`, '*']) {
          const reply = await read({ 'if-none-match': ifNoneMatch });
          expect([reply.status, reply.body, tagOf(reply)], ifNoneMatch).to.deep.equal([304, '', tag]);
          expect(reply.headers.get('content-type')).to.equal(null);
        }
        const other = await read({ 'if-none-match': '"AAAAAAAAAAAAAAAAAAAAAA"' });
        expect([other.status, tagOf(other)]).to.deep.equal([200, tag]);
      });

      it('when a write sends If-Match with the current ETag, then it goes ahead; with a stale or weak one, 412 and nothing changes', async () => {
        const first = await write(1);
        const second = await write(2, { 'if-match': tagOf(first) });
        expect(second.status).to.equal(200);
        for (const stale of [tagOf(first), weak(tagOf(second)), '"AAAAAAAAAAAAAAAAAAAAAA"']) {
          const refused = await write(3, { 'if-match': stale });
          expect(refused.status, stale).to.equal(412);
          expect(refused.body).to.include({ type: 'urn:problem:collab:precondition-failed', status: 412 });
        }
        const now = await read();
        expect([now.body, tagOf(now)]).to.deep.equal([second.body, tagOf(second)]);
        expect((await write(4, { 'if-match': `"stale", ${tagOf(second)}` })).status, 'one of a list').to.equal(200);
      });

      if (exists) {
        it('when nothing was written yet, then GET answers the defaults with their ETag, and If-Match with it (or *) lets the first write go ahead', async () => {
          const defaults = await read();
          expect(defaults.status).to.equal(200);
          expect(tagOf(defaults)).to.match(STRONG);
          expect((await read({ 'if-none-match': tagOf(defaults) })).status).to.equal(304);
          const first = await write(1, { 'if-match': tagOf(defaults) });
          expect(first.status).to.equal(200);
          expect((await write(2, { 'if-match': tagOf(defaults) })).status, 'stale once written').to.equal(412);
          expect((await write(2, { 'if-match': '*' })).status).to.equal(200);
        });
      } else {
        it('when If-Match: * names a resource that does not exist yet, then 412 and nothing is created; once it exists, * lets the write go ahead', async () => {
          expect((await write(1, { 'if-match': '*' })).status).to.equal(412);
          expect((await read()).status).to.equal(404);
          await write(1);
          expect((await write(2, { 'if-match': '*' })).status).to.equal(200);
        });
      }

      it('when 12 writes race holding the same ETag, then exactly one goes ahead and the others get 412', async () => {
        const tag = tagOf(await write(0));
        const replies = await Promise.all(
          Array.from({ length: 12 }, (_, index) => write(index + 1, { 'if-match': tag })),
        );
        expect(replies.map((reply) => reply.status).sort()).to.deep.equal([200, ...Array<number>(11).fill(412)]);
        expect(tagOf(await read())).to.equal(tagOf(replies.find((reply) => reply.status === 200)!));
      });
    });
  }

  it('when a PUT of a draft sends If-None-Match: *, then it only creates: 201 when there is none, 412 when there is one, and the draft is unchanged', async () => {
    const path = `/api/cycles/templates/${uuid()}/draft`;
    const created = await call(service, 'PUT', path, { body: aDraft(), headers: { ...user, 'if-none-match': '*' } });
    expect(created.status).to.equal(201);
    const again = await call(service, 'PUT', path, {
      body: aDraft({ description: 'Other' }),
      headers: { ...user, 'if-none-match': '*' },
    });
    expect(again.status).to.equal(412);
    expect((await call(service, 'GET', path, { headers: user })).body).to.deep.equal(created.body);
  });

  it('when someone who may not read a stream sends If-None-Match (its ETag, or *), then 404 as for no stream: never a 304 that tells it exists', async () => {
    const created = await call(service, 'POST', '/api/streams', {
      body: { title: 'Private', visibility: 'private' },
      headers: user,
    });
    const outsider = await aUser();
    for (const ifNoneMatch of [tagOf(created), '*']) {
      const hidden = await call(service, 'GET', `/api/streams/${created.body.id as string}`, {
        headers: { ...outsider, 'if-none-match': ifNoneMatch },
      });
      const missing = await call(service, 'GET', `/api/streams/${uuid()}`, {
        headers: { ...outsider, 'if-none-match': ifNoneMatch },
      });
      expect([hidden.status, hidden.headers.get('etag'), hidden.body.title]).to.deep.equal([
        404,
        null,
        missing.body.title,
      ]);
    }
    expect(
      (
        await call(service, 'GET', `/api/streams/${created.body.id as string}`, {
          headers: { ...user, 'if-none-match': '*' },
        })
      ).status,
    ).to.equal(304);
  });

  it('when a malformed If-Match or If-None-Match is sent, then 400 names the header', async () => {
    for (const [method, header, value] of [
      ['PATCH', 'if-match', 'abc'],
      ['PATCH', 'if-match', 'W/ "a"'],
      ['GET', 'if-none-match', '"a" "b"'],
    ] as const) {
      const reply = await call(service, method, '/api/streams/nav', {
        ...(method === 'PATCH' ? { body: { sort: 'x' } } : {}),
        headers: { ...user, [header]: value },
      });
      expect(reply.status, value).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal([`/headers/${header}`]);
    }
  });
});

describe('ETags and conditional requests on devices and streams', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  it("when a device is registered, then its ETag is the registration's; If-None-Match: * makes a PUT create-only, If-Match guards a replacement", async () => {
    const device = aDevice();
    const first = await call(service, 'PUT', '/api/notifications/devices', {
      body: device,
      headers: { 'if-none-match': '*' },
    });
    expect([first.status, tagOf(first)]).to.satisfy(
      ([status, tag]: [number, string]) => status === 201 && STRONG.test(tag),
    );
    expect(
      (await call(service, 'PUT', '/api/notifications/devices', { body: device, headers: { 'if-none-match': '*' } }))
        .status,
    ).to.equal(412);
    const replaced = await call(service, 'PUT', '/api/notifications/devices', {
      body: { ...device, token: 'new-token-0123456789' },
      headers: { 'if-match': tagOf(first) },
    });
    expect(replaced.status).to.equal(200);
    expect(
      (
        await call(service, 'PUT', '/api/notifications/devices', {
          body: device,
          headers: { 'if-match': tagOf(first) },
        })
      ).status,
    ).to.equal(412);
  });

  it('when a DELETE of a device sends a stale If-Match, then 412 and it stays registered; with the current one it goes', async () => {
    const device = aDevice();
    const first = await call(service, 'PUT', '/api/notifications/devices', { body: device });
    const second = await call(service, 'PUT', '/api/notifications/devices', { body: device });
    const path = `/api/notifications/devices/${device.appId as string}/${device.installationId as string}`;
    expect((await call(service, 'DELETE', path, { headers: { 'if-match': tagOf(first) } })).status).to.equal(412);
    const listed = await call(service, 'GET', '/api/notifications/devices?limit=1000');
    expect(listed.body.items.map((item: { installationId: string }) => item.installationId)).to.include(
      device.installationId,
    );
    expect((await call(service, 'DELETE', path, { headers: { 'if-match': tagOf(second) } })).status).to.equal(204);
    expect(
      (
        await call(service, 'DELETE', `/api/notifications/devices/com.example.chat/${uuid()}`, {
          headers: { 'if-match': '*' },
        })
      ).status,
      'none: 404 first',
    ).to.equal(404);
  });

  it('when a stream is created and read, then both carry its ETag, and If-None-Match with it gets 304', async () => {
    const created = await call(service, 'POST', '/api/streams', { body: { title: 'Tagged' } });
    expect(tagOf(created)).to.match(STRONG);
    const read = await call(service, 'GET', created.headers.get('location')!);
    expect(tagOf(read)).to.equal(tagOf(created));
    expect(
      (await call(service, 'GET', created.headers.get('location')!, { headers: { 'if-none-match': tagOf(created) } }))
        .status,
    ).to.equal(304);
  });
});
