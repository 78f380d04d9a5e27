import { expect } from 'chai';
import { readContract } from '../../src/contract/declared-responses.js';
import { getExamples } from '../../src/sandbox/seed.js';
import { call, type CallOptions } from '../helpers/client.js';
import { aDraft } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const examples = getExamples(readContract('.'));
const nav = examples.get('getNavigationPreferences');
const DRAFT = '/api/cycles/templates/0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b/draft';
const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});

describe("the sandbox follows the mock's Prefer controls", () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('prefer'));
  });

  it("when a write asks Prefer: code=409, example=stale, then the declared 409 and its named example, with this request's id, and nothing is stored", async () => {
    const reply = await call(
      sandbox,
      'PUT',
      DRAFT,
      in_('prefer', {
        body: aDraft({ triggerName: 'not-stored' }),
        headers: { prefer: 'code=409, example=stale', 'x-request-id': 'mine-1' },
      }),
    );
    expect([reply.status, reply.headers.get('content-type')]).to.deep.equal([
      409,
      'application/problem+json; charset=utf-8',
    ]);
    const { requestId, ...rest } = reply.body;
    const { requestId: _, ...stale } = (
      await import('../../mocks/examples/draft-stale.json', { with: { type: 'json' } })
    ).default.value;
    expect([requestId, rest]).to.deep.equal(['mine-1', stale]);
    expect((await call(sandbox, 'GET', DRAFT, in_('prefer'))).body.triggerName).to.equal(
      (examples.get('getCycleTemplateDraft') as { triggerName: string }).triggerName,
    );
  });

  it('when Prefer: code=201 or example=… names a success, then that answer with its declared headers (Location), and nothing is stored', async () => {
    const created = await call(
      sandbox,
      'POST',
      '/api/streams',
      in_('prefer', { body: { title: 'never stored' }, headers: { prefer: 'code=201' } }),
    );
    expect([created.status, created.headers.get('location')]).to.deep.equal([201, `/api/streams/${created.body.id}`]);
    expect(created.body).to.deep.equal(examples.get('getStream'));
    const patched = await call(
      sandbox,
      'PATCH',
      '/api/streams/nav',
      in_('prefer', { body: { sort: 'x' }, headers: { prefer: 'example=merged' } }),
    );
    expect([patched.status, patched.body.sort]).to.deep.equal([200, 'recent']);
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('prefer'))).body).to.deep.equal(nav);
    const gone = await call(sandbox, 'GET', DRAFT, in_('prefer', { headers: { prefer: 'code=404' } }));
    expect([gone.status, gone.body.type]).to.deep.equal([404, 'urn:problem:collab:not-found']);
  });

  it('when Prefer asks a write for a status that does not declare the rate fields (503) or for a 405, then they are not sent, and the 405 names the methods its path serves', async () => {
    const asked = (path: string, prefer: string, body: unknown = {}) =>
      call(sandbox, path === DRAFT ? 'PUT' : 'PATCH', path, in_('prefer', { body, headers: { prefer } }));
    const unavailable = await asked('/api/streams/nav', 'code=503');
    expect(unavailable.status).to.equal(503);
    expect(unavailable.headers.get('retry-after')).to.match(/^\d+$/);
    expect([unavailable.headers.get('ratelimit'), unavailable.headers.get('ratelimit-policy')]).to.deep.equal([
      null,
      null,
    ]);
    const conflict = await asked(DRAFT, 'code=409', aDraft());
    expect(conflict.status).to.equal(409);
    expect(conflict.headers.get('ratelimit')).to.match(/^"writes"; r=\d+; t=\d+$/); // a 409 declares them: the real ones
    const notServed = await call(
      sandbox,
      'GET',
      '/api/notifications/devices',
      in_('prefer', { headers: { prefer: 'code=405' } }),
    );
    expect(notServed.status).to.equal(405);
    expect(notServed.headers.get('allow')?.split(', ')).to.have.members(['GET', 'PUT']);
    expect(notServed.headers.get('ratelimit')).to.equal(null);
  });

  it('when Prefer names a status the operation does not declare, or an example of another status alone, then 400 saying what to send', async () => {
    const code = await call(sandbox, 'GET', '/api/streams/nav', in_('prefer', { headers: { prefer: 'code=418' } }));
    expect([code.status, code.body.errors[0].path]).to.deep.equal([400, '/headers/prefer']);
    expect(code.body.detail).to.include('getNavigationPreferences declares 200, 304, 400, 401, 405');
    const example = await call(
      sandbox,
      'PUT',
      DRAFT,
      in_('prefer', { body: aDraft(), headers: { prefer: 'example=stale' } }),
    );
    expect([example.status, example.body.detail]).to.deep.equal([400, example.body.detail]);
    expect(example.body.detail).to.include('send Prefer: code=409, example=stale');
  });

  it("when the request itself breaks the contract, then the service's 400 comes first, as on the mock", async () => {
    const reply = await call(
      sandbox,
      'PUT',
      '/api/chat/reads',
      in_('prefer', { body: { streamId: 'x' }, headers: { prefer: 'code=200' } }),
    );
    expect(reply.status).to.equal(400);
    expect(reply.body.errors.map((error: { path: string }) => error.path)).to.include('/body/streamId');
  });

  it('when Prefer: delay=300 is sent, then the answer waits that long; past 10 s, 400', async () => {
    const started = Date.now();
    const reply = await call(sandbox, 'GET', '/api/streams/nav', in_('prefer', { headers: { prefer: 'delay=300' } }));
    expect([reply.status, Date.now() - started >= 300]).to.deep.equal([200, true]);
    expect(
      (await call(sandbox, 'GET', '/api/streams/nav', in_('prefer', { headers: { prefer: 'delay=10001' } }))).status,
    ).to.equal(400);
  });

  it('when a session has a failure rate, then that share of its /api requests get 503 with Retry-After, repeatably for a seed, storing nothing; other sessions never fail', async () => {
    const statuses = async () => {
      await call(sandbox, 'POST', '/sandbox/reset', in_('flaky', { body: { failureRate: 0.5, seed: 'flaky' } }));
      const seen: number[] = [];
      for (let i = 0; i < 40; i++)
        seen.push((await call(sandbox, 'PATCH', '/api/streams/nav', in_('flaky', { body: { sort: `s${i}` } }))).status);
      return seen;
    };
    const first = await statuses();
    expect(await statuses()).to.deep.equal(first);
    expect(first.filter((status) => status === 503).length).to.be.within(10, 30);
    expect(first.every((status) => status === 200 || status === 503)).to.equal(true);
    const lastOk = first.lastIndexOf(200);
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('flaky', { body: undefined }))).status).to.be.oneOf([
      200, 503,
    ]);
    const failed = await call(sandbox, 'PATCH', '/api/streams/nav', in_('steady', { body: { sort: 'ok' } }));
    expect(failed.status).to.equal(200);
    const log = await call(sandbox, 'GET', '/sandbox/requests', in_('flaky'));
    // A reset starts a new segment of the log, not a new log: the second run's are the last segment's.
    const last = log.body.items[0].segment;
    const patches = log.body.items
      .filter((item: { method: string; segment: number }) => item.method === 'PATCH' && item.segment === last)
      .reverse();
    expect(patches.map((item: { status: number }) => item.status)).to.deep.equal(first);
    expect(patches[first.indexOf(503)].problem).to.include({ type: 'urn:problem:collab:unavailable', status: 503 });
    expect(lastOk).to.be.greaterThan(-1);
  });
});

describe('GET /sandbox/requests: what the app sent, per session', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  it("when a session sends requests, then its log lists them newest first with method, path, status, body and problem; other sessions' are not there", async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('log'));
    await call(sandbox, 'PATCH', '/api/streams/nav', in_('log', { body: { sort: 'alpha' } }));
    await call(
      sandbox,
      'PUT',
      '/api/chat/reads',
      in_('log', { body: { streamId: 'not-a-uuid' }, headers: { 'x-request-id': 'bad-read' } }),
    );
    await call(sandbox, 'GET', '/api/notifications/devices?limit=1', in_('log', { headers: { prefer: 'code=400' } }));
    await call(sandbox, 'GET', '/api/streams/nav', in_('someone-else'));
    const reply = await call(sandbox, 'GET', '/sandbox/requests', in_('log'));
    expect(reply.status).to.equal(200);
    const items = reply.body.items as Record<string, unknown>[];
    expect(items.map(({ method, path, status }) => [method, path, status])).to.deep.equal([
      ['GET', '/api/notifications/devices?limit=1', 400],
      ['PUT', '/api/chat/reads', 400],
      ['PATCH', '/api/streams/nav', 200],
    ]);
    expect(items[2])
      .to.include({ requestId: items[2]!.requestId })
      .and.deep.include({ body: { sort: 'alpha' } })
      .and.not.have.property('problem');
    expect(items[1]).to.deep.include({ requestId: 'bad-read', body: { streamId: 'not-a-uuid' } });
    expect(items[1]!.problem).to.include({ type: 'urn:problem:collab:validation-failed', requestId: 'bad-read' });
    expect(items[0]).to.include({ prefer: 'code=400' });
    expect(Date.parse(items[0]!.at as string)).to.be.closeTo(Date.now(), 60_000);
  });

  it("when a request's query string is 60 KB, then the log keeps its first 2048 characters and says how long it was", async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('query'));
    const path = `/api/streams/nav?q=${'x'.repeat(60_000)}`;
    await call(sandbox, 'GET', path, in_('query'));
    const { items } = (await call(sandbox, 'GET', '/sandbox/requests', in_('query'))).body;
    expect(items[0].path).to.equal(`${path.slice(0, 2048)}…(${path.length} characters)`);
  });

  it('when more than 100 requests are sent, then the log keeps the last 100', async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('long'));
    for (let i = 0; i < 105; i++) await call(sandbox, 'GET', `/api/streams/nav?n=${i}`, in_('long'));
    const { items } = (await call(sandbox, 'GET', '/sandbox/requests', in_('long'))).body;
    expect([items.length, items[0].path, items[99].path]).to.deep.equal([
      100,
      '/api/streams/nav?n=104',
      '/api/streams/nav?n=5',
    ]);
  });
});
