import { expect } from 'chai';
import { SignJWT } from 'jose';
import { call, type Reply } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

const SECRET = 'a-stream-readers-secret-long-enough-0123456789';

async function as(sub: string): Promise<Record<string, string>> {
  const token = await new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));
  return { authorization: `Bearer ${token}` };
}

/** A reply as a client sees it, with the asked id and the request id written out of it: what must not tell two 404s apart. */
function seen(reply: Reply, id: string): unknown {
  const headers = Object.fromEntries([...reply.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));
  const body =
    typeof reply.body === 'string'
      ? reply.body
      : (JSON.parse(JSON.stringify(reply.body).replaceAll(id, '{id}')) as object);
  return { status: reply.status, headers, body: typeof body === 'object' ? { ...body, requestId: undefined } : body };
}

describe('GET /api/streams/{streamId}: who may read a stream', () => {
  let service: Service;
  const users: Record<'alice' | 'bob' | 'carol', Record<string, string>> = { alice: {}, bob: {}, carol: {} };
  before(async () => {
    service = await startService({ auth: { secret: SECRET } });
    for (const name of ['alice', 'bob', 'carol'] as const) users[name] = await as(name);
  });
  after(async () => {
    await service.close();
  });

  const create = async (by: keyof typeof users, body: object) => {
    const reply = await call(service, 'POST', '/api/streams', {
      headers: users[by],
      body: { title: 'Plans', ...body },
    });
    expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
    return reply.body as { id: string };
  };
  const read = (by: keyof typeof users, id: string, method = 'GET', requestId = 'probe-1') =>
    call(service, method, `/api/streams/${id}`, { headers: { ...users[by], 'x-request-id': requestId } });

  it('when alice creates a private stream with bob as a member, then bob reads it whole, first message included', async () => {
    const created = await create('alice', {
      visibility: 'private',
      memberUserIds: ['bob'],
      initialMessage: { content: { blocks: [] }, assetIds: ['a1'] },
    });
    const reply = await read('bob', created.id);
    expect(reply.status).to.equal(200);
    expect(reply.body).to.deep.equal(created);
  });

  it('when carol, no member, reads that private stream, then she gets the 404 of a stream that does not exist', async () => {
    const { id } = await create('alice', {
      visibility: 'private',
      memberUserIds: ['bob'],
      initialMessage: { content: { blocks: [] } },
    });
    const missing = uuid();
    for (const method of ['GET', 'HEAD']) {
      for (const [hidden, absent] of [
        [id, missing],
        [id.toUpperCase(), missing.toUpperCase()],
      ] as const) {
        const refused = await read('carol', hidden, method, 'probe-1');
        const notFound = await read('carol', absent, method, 'probe-2');
        if (method === 'GET') expect(refused.status, `${method} ${hidden}`).to.equal(404); // HEAD: whatever a missing stream gets
        expect(seen(refused, hidden), `${method} ${hidden}`).to.deep.equal(seen(notFound, absent));
      }
    }
    const refused = await read('carol', id);
    expect(refused.body).to.include({
      type: 'urn:problem:collab:not-found',
      title: 'Not found',
      status: 404,
      detail: `No stream ${id}.`,
    });
    expect(refused.body).to.not.have.property('title', 'Plans');
  });

  it('when a stream has no visibility, then it is members-only too', async () => {
    const { id } = await create('alice', { memberUserIds: ['bob'] });
    expect((await read('bob', id)).status).to.equal(200);
    expect((await read('carol', id)).status).to.equal(404);
  });

  it('when visibility is any other string ("Public", " public", "team"), then it is members-only', async () => {
    for (const visibility of ['Public', ' public', 'public ', 'team', '']) {
      const { id } = await create('alice', { visibility, memberUserIds: ['bob'] });
      expect((await read('bob', id)).status, JSON.stringify(visibility)).to.equal(200);
      expect((await read('carol', id)).status, JSON.stringify(visibility)).to.equal(404);
    }
  });

  it('when visibility is exactly "public", then every authenticated user reads it, members or not', async () => {
    const created = await create('alice', { visibility: 'public', memberUserIds: ['bob'] });
    for (const user of ['alice', 'bob', 'carol'] as const) {
      const reply = await read(user, created.id);
      expect(reply.status, user).to.equal(200);
      expect(reply.body, user).to.deep.equal(created);
    }
  });

  it('when the creator reads her stream, then she always can, whatever its visibility and with no other members', async () => {
    for (const body of [
      {},
      { visibility: 'private' },
      { visibility: 'x' },
      { memberUserIds: [] },
      { memberUserIds: ['bob'], visibility: 'private' },
    ]) {
      const created = await create('alice', body);
      const reply = await read('alice', created.id);
      expect(reply.status, JSON.stringify(body)).to.equal(200);
      expect(reply.body).to.deep.equal(created);
    }
  });

  it('when no user is authenticated, then 401 as before, for a stream that exists and one that does not', async () => {
    const { id } = await create('alice', { visibility: 'public' });
    for (const target of [id, uuid()])
      expect((await call(service, 'GET', `/api/streams/${target}`)).status).to.equal(401);
  });
});
