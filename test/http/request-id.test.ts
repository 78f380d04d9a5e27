import { expect } from 'chai';
import { call, type Reply } from '../helpers/client.js';
import { rawRequest } from '../helpers/raw.js';
import { startService, type Service } from '../helpers/service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const idOf = (reply: Reply) => reply.headers.get('x-request-id');

describe('X-Request-Id', () => {
  let service: Service;
  let secured: Service;
  before(async () => {
    [service, secured] = await Promise.all([
      startService({ bodyLimit: '1kb' }),
      startService({ auth: { secret: 'x'.repeat(32) } }),
    ]);
  });
  after(async () => {
    await Promise.all([service.close(), secured.close()]);
  });

  it('when a request sends none, then the response carries a new UUID, different for each request', async () => {
    const [first, second] = [await call(service, 'GET', '/healthz'), await call(service, 'GET', '/healthz')];
    expect(idOf(first)).to.match(UUID);
    expect(idOf(second)).to.match(UUID).and.not.equal(idOf(first));
  });

  it('when a request sends a safe id, then the response keeps it', async () => {
    for (const id of ['a', 'trace-42', 'A.b_c:d-e', '0'.repeat(128), '5f0c6a4e-1b7d-4c8e-9a2f-3d4b5c6d7e8f']) {
      expect(idOf(await call(service, 'GET', '/healthz', { headers: { 'x-request-id': id } })), id).to.equal(id);
    }
  });

  it('when a request sends an unsafe id, then it is replaced by a new UUID', async () => {
    for (const id of ['0'.repeat(129), 'has space', 'a/b', '<script>', 'é', 'a,b', 'a\tb']) {
      expect(
        idOf(await call(service, 'GET', '/healthz', { headers: { 'x-request-id': id } })),
        JSON.stringify(id),
      ).to.match(UUID);
    }
  });

  it('when a request sends two ids, then neither is kept', async () => {
    const reply = await rawRequest(service, 'GET', '/healthz', { 'x-request-id': ['one', 'two'] as unknown as string });
    expect(reply.headers['x-request-id']).to.match(UUID);
  });

  describe("on problems, the header and the body's requestId are the same", () => {
    const cases: [name: string, send: () => Promise<Reply>, status: number][] = [
      ['an unknown path (404)', () => call(service, 'GET', '/nowhere', { headers: { 'x-request-id': 'p-404' } }), 404],
      [
        'a wrong method (405)',
        () => call(service, 'DELETE', '/healthz', { headers: { 'x-request-id': 'p-405' } }),
        405,
      ],
      [
        'a body that is not JSON (400)',
        () => call(service, 'PATCH', '/api/streams/nav', { body: '{', headers: { 'x-request-id': 'p-parse' } }),
        400,
      ],
      [
        'a body breaking the contract (400)',
        () =>
          call(service, 'PATCH', '/api/streams/nav', {
            body: { leftSidebarWidth: 'wide' },
            headers: { 'x-request-id': 'p-400' },
          }),
        400,
      ],
      [
        'a body over the limit (413)',
        () =>
          call(service, 'PATCH', '/api/streams/nav', {
            body: { sort: 'x'.repeat(2000) },
            headers: { 'x-request-id': 'p-413' },
          }),
        413,
      ],
      [
        'a missing token (401)',
        () => call(secured, 'GET', '/api/streams/nav', { headers: { 'x-request-id': 'p-401' } }),
        401,
      ],
      ['an unsafe id (404)', () => call(service, 'GET', '/nowhere', { headers: { 'x-request-id': 'no way' } }), 404],
    ];
    for (const [name, send, status] of cases) {
      it(`when the request is ${name}, then both carry it`, async () => {
        const reply = await send();
        expect(reply.status).to.equal(status);
        expect(reply.headers.get('content-type')).to.match(/^application\/problem\+json/);
        expect(reply.body.requestId).to.be.a('string').and.equal(idOf(reply));
      });
    }
  });

  it('when the docs are fetched, then they carry an id too', async () => {
    const reply = await call(service, 'GET', '/openapi.yaml', { headers: { 'x-request-id': 'docs-1' } });
    expect(idOf(reply)).to.equal('docs-1');
  });
});
