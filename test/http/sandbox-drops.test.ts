import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { call, type CallOptions } from '../helpers/client.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const IDLE_MS = 300;
const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});
const patchNav = (sandbox: Service, session: string, sort: string) =>
  call(sandbox, 'PATCH', '/api/streams/nav', in_(session, { body: { sort } }));
const DROPPED = {
  at: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
  why: /^unused for \d+ s, it was dropped: a new session needed its place among the 1 session written to \(SANDBOX_SESSIONS\)$/,
};

describe('the sandbox: a session dropped for room says so', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox({ sessions: { max: 1, idleMs: IDLE_MS } });
  });
  after(async () => {
    await sandbox.close();
  });

  it('when a session unused for SANDBOX_SESSION_IDLE gives its place to another, then its next request, its description and its expectations say when and why, and it starts again from the seed', async () => {
    expect((await patchNav(sandbox, 'first', 'kept')).status).to.equal(200);
    const used = await patchNav(sandbox, 'second', 'theirs');
    expect([used.status, used.body.type]).to.deep.equal([503, 'urn:problem:collab:sessions-in-use']);
    expect(Number(used.headers.get('retry-after'))).to.equal(1);
    await sleep(IDLE_MS + 50); // first is idle now
    expect((await patchNav(sandbox, 'second', 'theirs')).status).to.equal(200);

    const described = (await call(sandbox, 'GET', '/sandbox/session', in_('first'))).body;
    expect([described.started, described.dropped.requests]).to.deep.equal([false, 1]);
    expect(described.dropped.at).to.match(DROPPED.at);
    expect(described.dropped.why).to.match(DROPPED.why);
    const before = (await call(sandbox, 'GET', '/sandbox/requests?format=expectations', in_('first'))).body;
    expect(before.segments).to.deep.equal([]);
    expect(before.notes).to.deep.equal([
      `The session was dropped at ${described.dropped.at} with 1 request logged (${described.dropped.why}), and started again from its seed or scenario: those requests are gone.`,
    ]);

    await sleep(IDLE_MS + 50); // second is idle now
    const again = await call(sandbox, 'GET', '/api/streams/nav', in_('first'));
    expect(again.body.sort, 'started again from the seed').to.not.equal('kept');
    expect(again.headers.get('x-sandbox-session-dropped')).to.equal(
      `${described.dropped.at}; 1 request logged; ${described.dropped.why}`,
    );
    expect((await patchNav(sandbox, 'first', 'again')).headers.get('x-sandbox-session-dropped'), 'once').to.equal(null);
    const now = (await call(sandbox, 'GET', '/sandbox/session', in_('first'))).body;
    expect([now.started, now.startedAgain]).to.deep.equal([true, described.dropped]);
    const after = (await call(sandbox, 'GET', '/sandbox/requests?format=expectations', in_('first'))).body;
    expect(after.segments).to.have.length(1);
    expect(after.segments[0].after).to.deep.equal(described.dropped);
    expect(
      after.segments[0].expectations.map(({ request }: { request: { method: string } }) => request.method),
    ).to.deep.equal(['GET', 'PATCH']);
    expect(after.notes).to.deep.equal([
      `The session was dropped at ${described.dropped.at} with 1 request logged (${described.dropped.why}), and started again from its seed or scenario: those requests are gone, and its segments here start after it.`,
    ]);
  });

  it('when a dropped session is reset, twice, then the first reset tells the drop, and the page and the export keep it', async () => {
    await sleep(IDLE_MS + 50);
    for (let n = 0; n < 3; n++) expect((await patchNav(sandbox, 'suite', `s${n}`)).status).to.equal(200);
    await sleep(IDLE_MS + 50);
    expect((await patchNav(sandbox, 'rival', 'x')).status).to.equal(200); // suite goes
    await sleep(IDLE_MS + 50); // rival is idle: suite may start again
    const reset = await call(sandbox, 'POST', '/sandbox/reset', in_('suite'));
    expect([reset.status, reset.headers.get('x-sandbox-session-dropped')]).to.satisfy(
      ([status, told]: [number, string | null]) => status === 204 && /; 3 requests logged; /.test(told ?? ''),
    );
    const again = await call(sandbox, 'POST', '/sandbox/reset', in_('suite', { body: { scenario: 'empty-user' } }));
    expect([again.status, again.headers.get('x-sandbox-session-dropped')]).to.deep.equal([204, null]);
    await call(sandbox, 'GET', '/api/streams/nav', in_('suite'));
    expect((await call(sandbox, 'GET', '/sandbox/session', in_('suite'))).body.startedAgain.requests).to.equal(3);
    const { notes } = (await call(sandbox, 'GET', '/sandbox/requests?format=expectations', in_('suite'))).body;
    expect(notes[0]).to.match(/^The session was dropped at \S+ with 3 requests logged/);
  });

  it('when only probes, the docs and reads of the page name sessions, then none is made', async () => {
    for (const path of [
      '/healthz',
      '/readyz',
      '/metrics',
      '/openapi.yaml',
      '/sandbox/session',
      '/sandbox/state',
      '/sandbox/requests',
    ])
      await call(sandbox, 'GET', path, in_('probe-only'));
    const held = (await call(sandbox, 'GET', '/sandbox/sessions')).body.items.map(({ name }: { name: string }) => name);
    expect(held).to.not.include('probe-only');
    const state = (await call(sandbox, 'GET', '/sandbox/state', in_('probe-only'))).body;
    expect(state.streams.length, 'the seed it would start from').to.equal(1);
  });
});
