import { expect } from 'chai';
import { readContract } from '../../src/contract/declared-responses.js';
import { getExamples } from '../../src/sandbox/seed.js';
import { call, type CallOptions } from '../helpers/client.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const examples = getExamples(readContract('.'));
const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});

describe('sandbox sessions (X-Sandbox-Session)', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox({ sessions: { max: 3, idleMs: 0 } });
  });
  after(async () => {
    await sandbox.close();
  });

  it('when two sessions write, then each sees only its own writes, and a request without the header is the default session', async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('ann'));
    await call(sandbox, 'POST', '/sandbox/reset', in_('bob'));
    await call(sandbox, 'POST', '/sandbox/reset');
    const patched = await call(sandbox, 'PATCH', '/api/streams/nav', in_('ann', { body: { sort: 'ann-only' } }));
    expect([patched.status, patched.headers.get('x-sandbox-session')]).to.deep.equal([200, 'ann']);
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('ann'))).body.sort).to.equal('ann-only');
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('bob'))).body).to.deep.equal(
      examples.get('getNavigationPreferences'),
    );
    const byDefault = await call(sandbox, 'GET', '/api/streams/nav');
    expect([byDefault.body, byDefault.headers.get('x-sandbox-session')]).to.deep.equal([
      examples.get('getNavigationPreferences'),
      'default',
    ]);
  });

  it('when the session is named by the sandbox-session cookie, then it is that session; the header wins over the cookie', async () => {
    await call(sandbox, 'PATCH', '/api/streams/nav', in_('ann', { body: { sort: 'by-cookie' } }));
    expect(
      (await call(sandbox, 'GET', '/api/streams/nav', { headers: { cookie: 'other=1; sandbox-session=ann' } })).body
        .sort,
    ).to.equal('by-cookie');
    expect(
      (await call(sandbox, 'GET', '/api/streams/nav', in_('bob', { headers: { cookie: 'sandbox-session=ann' } }))).body
        .sort,
    ).to.not.equal('by-cookie');
  });

  it('when one session resets, then only its state goes back to the seed; the reset sets the session cookie', async () => {
    await call(sandbox, 'PATCH', '/api/streams/nav', in_('ann', { body: { sort: 'kept' } }));
    await call(sandbox, 'PATCH', '/api/streams/nav', in_('bob', { body: { sort: 'reset' } }));
    const reset = await call(sandbox, 'POST', '/sandbox/reset', in_('bob'));
    expect(reset.status).to.equal(204);
    expect(reset.headers.get('set-cookie')).to.match(/^sandbox-session=bob; Path=\/; SameSite=Lax/);
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('ann'))).body.sort).to.equal('kept');
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('bob'))).body).to.deep.equal(
      examples.get('getNavigationPreferences'),
    );
  });

  it('when more sessions write than the bound, then the least recently used idle one is dropped, and its next request says so and starts from the seed', async () => {
    for (const name of ['s1', 's2', 's3'])
      await call(sandbox, 'PATCH', '/api/streams/nav', in_(name, { body: { sort: name } }));
    await call(sandbox, 'GET', '/api/streams/nav', in_('s1')); // s1 used again: s2 is now the least recently used
    await call(sandbox, 'GET', '/api/streams/nav', in_('s4')); // only read: no room taken
    expect((await call(sandbox, 'GET', '/sandbox/session', in_('s2'))).body.started).to.equal(true);
    await call(sandbox, 'PATCH', '/api/streams/nav', in_('s4', { body: { sort: 's4' } }));
    const state = await call(sandbox, 'GET', '/sandbox/session', in_('s2'));
    expect(state.body.sessions).to.include({ written: 3, max: 3 });
    expect([state.body.started, state.body.dropped.requests]).to.deep.equal([false, 1]);
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('s1'))).body.sort).to.equal('s1');
    const again = await call(sandbox, 'GET', '/api/streams/nav', in_('s2'));
    expect(again.body).to.deep.equal(examples.get('getNavigationPreferences'));
    expect(again.headers.get('x-sandbox-session-dropped')).to.match(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z; 1 request logged; unused for \d+ s, it was dropped: a new session needed its place among the 3 sessions written to \(SANDBOX_SESSIONS\)$/,
    );
    const next = await call(sandbox, 'GET', '/api/streams/nav', in_('s2'));
    expect(next.headers.get('x-sandbox-session-dropped'), 'told once').to.equal(null);
  });

  it('when a session name is not 1 to 64 safe characters, then 400 naming the header', async () => {
    const reply = await call(sandbox, 'GET', '/api/streams/nav', in_('a b'));
    expect([reply.status, reply.body.errors[0].path]).to.deep.equal([400, '/headers/x-sandbox-session']);
  });

  it('when the session cookie does not percent-decode (%, %zz), then 400 naming it, not 500', async () => {
    for (const cookie of ['sandbox-session=%', 'sandbox-session=%zz', 'a=1; sandbox-session=ok%']) {
      const reply = await call(sandbox, 'GET', '/api/streams/nav', { headers: { cookie } });
      expect([reply.status, reply.body.type, reply.body.detail], cookie).to.deep.equal([
        400,
        'urn:problem:collab:validation-failed',
        'X-Sandbox-Session (or the sandbox-session cookie) names a sandbox session: 1 to 64 of A-Z a-z 0-9 . _ : -',
      ]);
    }
  });
});

describe('sandbox sessions: a fixed clock and seeded ids make answers repeatable', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  const run = async (session: string) => {
    const reset = await call(
      sandbox,
      'POST',
      '/sandbox/reset',
      in_(session, { body: { clock: '2027-01-01T09:00:00Z', seed: 'same' } }),
    );
    expect(reset.status).to.equal(204);
    const created = await call(
      sandbox,
      'POST',
      '/api/streams',
      in_(session, { body: { title: 'Repeatable', initialMessage: { content: { blocks: [] } } } }),
    );
    const first = await call(sandbox, 'PATCH', '/api/streams/nav', in_(session, { body: { sort: 'a' } }));
    const second = await call(
      sandbox,
      'PATCH',
      '/api/streams/nav',
      in_(session, { body: { sort: 'b' }, headers: { 'x-sandbox-clock': '2027-01-02T00:00:00+01:00' } }),
    );
    return {
      created: created.body,
      location: created.headers.get('location'),
      first: first.body.updatedAt,
      second: second.body.updatedAt,
    };
  };

  it('when two sessions reset with the same clock and seed and do the same, then they get the same ids and timestamps', async () => {
    const [one, two] = [await run('clock-1'), await run('clock-2')];
    expect(one).to.deep.equal(two);
    expect(one.created.createdAt).to.equal('2027-01-01T09:00:00.000Z');
    expect(one.created.id).to.match(/^01a2d07a-3680-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/); // UUID v7 of the fixed instant
    expect(one.created.initialMessage.id).to.not.equal(one.created.id);
    expect(one.location).to.equal(`/api/streams/${one.created.id}`);
    // the fixed clock is every timestamp (later than the seed's); X-Sandbox-Clock moves it.
    expect(one.first).to.equal('2027-01-01T09:00:00.000Z');
    expect(one.second).to.equal('2027-01-01T23:00:00.000Z');
    expect((await call(sandbox, 'GET', '/sandbox/session', in_('clock-1'))).body).to.include({
      name: 'clock-1',
      clock: '2027-01-01T23:00:00.000Z',
      seed: 'same',
    });
  });

  it("when another seed is used, then the ids differ; without a reset body the clock is the machine's again", async () => {
    await call(
      sandbox,
      'POST',
      '/sandbox/reset',
      in_('other', { body: { clock: '2027-01-01T09:00:00Z', seed: 'different' } }),
    );
    const created = await call(sandbox, 'POST', '/api/streams', in_('other', { body: { title: 'x' } }));
    expect(created.body.id).to.not.equal((await run('clock-3')).created.id);
    await call(sandbox, 'POST', '/sandbox/reset', in_('other'));
    const now = await call(sandbox, 'POST', '/api/streams', in_('other', { body: { title: 'x' } }));
    expect(Math.abs(Date.parse(now.body.createdAt) - Date.now())).to.be.below(60_000);
  });

  it('when the clock is a date-time at an edge of RFC 3339 (a leap second, ±23:59, nine fractional digits, years 0000 and 9999), then writes stamp it; past years 0000 to 9999 in UTC, then 400', async () => {
    const stamped = async (clock: string, how: 'reset' | 'header') => {
      const session = `edge-${how}`;
      const reset = await call(
        sandbox,
        'POST',
        '/sandbox/reset',
        in_(session, how === 'reset' ? { body: { clock } } : {}),
      );
      expect(reset.status, clock).to.equal(204);
      const headers: Record<string, string> = how === 'header' ? { 'x-sandbox-clock': clock } : {};
      const created = await call(sandbox, 'POST', '/api/streams', in_(session, { body: { title: 't' }, headers }));
      expect(created.status, `${how} ${clock}`).to.equal(201);
      return created.body.createdAt;
    };
    const edges: [string, string][] = [
      ['2016-12-31T23:59:60Z', '2016-12-31T23:59:59.999Z'], // a millisecond count has no 61st second
      ['2016-12-31T23:59:60.5Z', '2016-12-31T23:59:59.999Z'],
      ['2026-06-01T12:00:00+23:59', '2026-05-31T12:01:00.000Z'],
      ['2026-06-01T12:00:00-23:59', '2026-06-02T11:59:00.000Z'],
      ['2026-01-01T00:00:00.123456789Z', '2026-01-01T00:00:00.123Z'],
      ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00.000Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ];
    for (const [clock, createdAt] of edges)
      for (const how of ['reset', 'header'] as const)
        expect(await stamped(clock, how), `${how} ${clock}`).to.equal(createdAt);
    for (const clock of ['0000-01-01T00:00:00+00:01', '9999-12-31T23:59:59-00:01']) {
      const reset = await call(sandbox, 'POST', '/sandbox/reset', in_('edge-out', { body: { clock } }));
      expect([reset.status, reset.body.errors?.[0]?.path], clock).to.deep.equal([400, '/body/clock']);
      const header = await call(
        sandbox,
        'GET',
        '/api/streams/nav',
        in_('edge-out', { headers: { 'x-sandbox-clock': clock } }),
      );
      expect([header.status, header.body.errors?.[0]?.path], clock).to.deep.equal([400, '/headers/x-sandbox-clock']);
    }
  });

  it('when the reset body is not JSON (text/plain, as a form sends), then 415, and the session is not reset', async () => {
    await call(sandbox, 'PATCH', '/api/streams/nav', in_('plain', { body: { sort: 'kept' } }));
    const reply = await call(
      sandbox,
      'POST',
      '/sandbox/reset',
      in_('plain', { body: '{"scenario":"empty-user"}', headers: { 'content-type': 'text/plain' } }),
    );
    expect([reply.status, reply.body.type]).to.deep.equal([415, 'urn:problem:collab:unsupported-media-type']);
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('plain'))).body.sort).to.equal('kept');
  });

  it('when the reset body or X-Sandbox-Clock is wrong, then 400 naming each field, and nothing changes', async () => {
    const reply = await call(
      sandbox,
      'POST',
      '/sandbox/reset',
      in_('bad', { body: { clock: 'tomorrow', seed: '', failureRate: 2, colour: 'red' } }),
    );
    expect(reply.status).to.equal(400);
    expect(reply.body.errors.map((error: { path: string }) => error.path)).to.have.members([
      '/body/clock',
      '/body/seed',
      '/body/failureRate',
      '/body/colour',
    ]);
    const clock = await call(
      sandbox,
      'GET',
      '/api/streams/nav',
      in_('bad', { headers: { 'x-sandbox-clock': '2026-13-01T00:00:00Z' } }),
    );
    expect([clock.status, clock.body.errors[0].path]).to.deep.equal([400, '/headers/x-sandbox-clock']);
  });
});
