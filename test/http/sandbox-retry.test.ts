import { expect } from 'chai';
import { call, type CallOptions, type Reply } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});
const seen = (reply: Reply) => ({
  status: reply.status,
  location: reply.headers.get('location'),
  etag: reply.headers.get('etag'),
  body: reply.body,
});

describe('the sandbox takes Idempotency-Key and conditional requests as the service does', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  const create = (
    session: string,
    key: string,
    body: object = { title: 'Launch' },
    headers: Record<string, string> = {},
  ) => call(sandbox, 'POST', '/api/streams', in_(session, { body, headers: { 'idempotency-key': key, ...headers } }));

  it('when a create is repeated with its key, then the first answer comes back; another body is 422; another session has keys of its own', async () => {
    const session = `keys-${uuid()}`;
    const key = uuid();
    const first = await create(session, key);
    expect(first.status).to.equal(201);
    expect(seen(await create(session, key))).to.deep.equal(seen(first));
    expect((await create(session, key, { title: 'Other' })).status).to.equal(422);
    const elsewhere = await create(`other-${uuid()}`, key);
    expect([elsewhere.status, elsewhere.body.id === first.body.id]).to.deep.equal([201, false]);
  });

  it("when the session's clock reaches the key's 24 h, then it starts a new request; a millisecond before, the first answer", async () => {
    const session = `ttl-${uuid()}`;
    const key = uuid();
    const first = await create(session, key, { title: 'Launch' }, { 'x-sandbox-clock': '2026-01-01T09:00:00.000Z' });
    const before = await create(session, key, { title: 'Launch' }, { 'x-sandbox-clock': '2026-01-02T08:59:59.999Z' });
    expect(seen(before)).to.deep.equal(seen(first));
    const after = await create(session, key, { title: 'Launch' }, { 'x-sandbox-clock': '2026-01-02T09:00:00.000Z' });
    expect(after.status).to.equal(201);
    expect(after.body.id).to.not.equal(first.body.id);
  });

  it('when the seeded navigation is read with its ETag, then 304; a PATCH with a stale If-Match is 412 and changes nothing', async () => {
    const session = `tags-${uuid()}`;
    const seeded = await call(sandbox, 'GET', '/api/streams/nav', in_(session));
    const tag = seeded.headers.get('etag')!;
    expect(
      (await call(sandbox, 'GET', '/api/streams/nav', in_(session, { headers: { 'if-none-match': tag } }))).status,
    ).to.equal(304);
    const patched = await call(
      sandbox,
      'PATCH',
      '/api/streams/nav',
      in_(session, { body: { sort: 'alphabetical' }, headers: { 'if-match': tag } }), // a change: the seed's is recent
    );
    expect(patched.status).to.equal(200);
    expect(
      (
        await call(
          sandbox,
          'PATCH',
          '/api/streams/nav',
          in_(session, { body: { sort: 'name' }, headers: { 'if-match': tag } }),
        )
      ).status,
    ).to.equal(412);
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_(session))).body).to.deep.equal(patched.body);
  });

  it('when Prefer asks for the 409 of a create or the 412 of a PATCH, then the sandbox answers the named example, storing nothing', async () => {
    const session = `prefer-${uuid()}`;
    const inFlight = await create(session, uuid(), { title: 'Launch' }, { prefer: 'code=409' });
    expect([inFlight.status, inFlight.body.type]).to.deep.equal([409, 'urn:problem:collab:idempotency-key-in-flight']);
    const stale = await call(
      sandbox,
      'PATCH',
      '/api/streams/nav',
      in_(session, { body: { sort: 'x' }, headers: { prefer: 'code=412' } }),
    );
    expect([stale.status, stale.body.type]).to.deep.equal([412, 'urn:problem:collab:precondition-failed']);
  });
});
