import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { MAX_DESCRIPTION, MAX_STEPS } from '../../src/sandbox/scenario-document.js';
import { SCENARIO_CLOCK } from '../../src/sandbox/scenarios.js';
import { SessionClock } from '../../src/sandbox/session-clock.js';
import { readContract } from '../../src/contract/declared-responses.js';
import { getExamples } from '../../src/sandbox/seed.js';
import { call, pathsOf, type CallOptions } from '../helpers/client.js';
import { startSandbox, startSandboxProcess } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});
const stream = (title: string) => ({ method: 'POST', path: '/api/streams', body: { title, visibility: 'public' } });
const nav = (sort: string) => ({ method: 'PATCH', path: '/api/streams/nav', body: { sort } });

describe('sandbox scenarios: the shipped ones (mocks/scenarios/)', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  it('when the sandbox starts, then GET /sandbox/scenarios lists empty-user, busy-inbox and many-devices', async () => {
    const listed = await call(sandbox, 'GET', '/sandbox/scenarios');
    expect(listed.body.items.map(({ name, steps }: { name: string; steps: number }) => [name, steps])).to.deep.equal([
      ['busy-inbox', 200],
      ['empty-user', 0],
      ['many-devices', 100],
    ]);
  });

  it('when a session resets to many-devices, then it pages through 100 devices, and a 101st is over the quota', async () => {
    expect(
      (await call(sandbox, 'POST', '/sandbox/reset', in_('devices', { body: { scenario: 'many-devices' } }))).status,
    ).to.equal(204);
    const seen: string[] = [];
    let path: string | undefined = '/api/notifications/devices?limit=30';
    while (path) {
      const page = await call(sandbox, 'GET', path, in_('devices'));
      expect(page.status).to.equal(200);
      seen.push(...page.body.items.map((device: { installationId: string }) => device.installationId));
      path = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    expect(new Set(seen).size).to.equal(100);
    const more = await call(
      sandbox,
      'PUT',
      '/api/notifications/devices',
      in_('devices', {
        body: {
          installationId: 'one-more',
          appId: 'com.example.chat',
          platform: 'web',
          token: 't',
          environment: 'production',
          transport: 'push_gateway',
        },
      }),
    );
    expect([more.status, more.body.type]).to.deep.equal([403, 'urn:problem:collab:quota-exceeded']);
    expect((await call(sandbox, 'GET', '/sandbox/session', in_('devices'))).body.scenario).to.equal('many-devices');
  });

  it("when a session resets to empty-user, then nothing is stored; another session still has the examples' seed", async () => {
    await call(sandbox, 'POST', '/sandbox/reset', in_('empty', { body: { scenario: 'empty-user' } }));
    const nav = await call(sandbox, 'GET', '/api/streams/nav', in_('empty'));
    expect([nav.status, nav.body.updatedAt]).to.deep.equal([200, '1970-01-01T00:00:00.000Z']); // the defaults: never written
    expect(
      (await call(sandbox, 'GET', '/api/cycles/templates/0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b/draft', in_('empty')))
        .status,
    ).to.equal(404);
    expect((await call(sandbox, 'GET', '/api/notifications/devices', in_('empty'))).body.items).to.deep.equal([]);
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('other'))).body).to.deep.equal(
      getExamples(readContract('.')).get('getNavigationPreferences'),
    );
  });

  it("when a session resets to busy-inbox, then its 200 streams have the ids of the scenario's clock and seed, unread; a reset drops what it wrote", async () => {
    const ids = new SessionClock({ clock: SCENARIO_CLOCK, seed: 'scenario/busy-inbox' });
    const first = ids.newId();
    expect(
      (await call(sandbox, 'POST', '/sandbox/reset', in_('inbox', { body: { scenario: 'busy-inbox' } }))).status,
    ).to.equal(204);
    const created = await call(sandbox, 'POST', '/api/streams', in_('inbox', { body: { title: 'mine' } }));
    await call(sandbox, 'POST', '/sandbox/reset', in_('inbox', { body: { scenario: 'busy-inbox' } }));
    expect((await call(sandbox, 'GET', created.headers.get('location') ?? '', in_('inbox'))).status).to.equal(404);
    const read = await call(sandbox, 'GET', `/api/streams/${first}`, in_('inbox'));
    expect([read.body.title, read.body.createdAt]).to.deep.equal(['Stream 001', '2026-01-01T09:00:00.000Z']);
    expect((await call(sandbox, 'GET', `/api/chat/reads/${first}`, in_('inbox'))).body.items).to.deep.equal([]);
  });

  it('when a reset names no known scenario, then 404 naming the known ones, and the session is as it was', async () => {
    await call(sandbox, 'PATCH', '/api/streams/nav', in_('kept', { body: { sort: 'kept' } }));
    const reply = await call(sandbox, 'POST', '/sandbox/reset', in_('kept', { body: { scenario: 'no-such' } }));
    expect([reply.status, reply.body.type]).to.deep.equal([404, 'urn:problem:collab:not-found']);
    expect(reply.body.detail).to.contain('busy-inbox, empty-user, many-devices');
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('kept'))).body.sort).to.equal('kept');
  });
});

describe('PUT /sandbox/scenarios/{name}', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  it('when a scenario is defined at run time, then 201, and a reset to it gives its state; defined again, 200 and the new state', async () => {
    const defined = await call(sandbox, 'PUT', '/sandbox/scenarios/sorted', {
      body: { description: 'nav sorted', steps: [nav('by-name'), stream('One')] },
    });
    expect([defined.status, defined.body]).to.deep.equal([201, { name: 'sorted', steps: 2 }]);
    await call(sandbox, 'POST', '/sandbox/reset', in_('a', { body: { scenario: 'sorted' } }));
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('a'))).body.sort).to.equal('by-name');
    expect(
      (await call(sandbox, 'PUT', '/sandbox/scenarios/sorted', { body: { steps: [nav('by-date')] } })).status,
    ).to.equal(200);
    await call(sandbox, 'POST', '/sandbox/reset', in_('a', { body: { scenario: 'sorted' } }));
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('a'))).body.sort).to.equal('by-date');
  });

  it('when a step is refused by the contract, then 400 naming that step, and the scenario is not defined', async () => {
    const reply = await call(sandbox, 'PUT', '/sandbox/scenarios/broken', {
      body: {
        steps: [
          stream('fine'),
          { method: 'POST', path: '/api/streams', body: { visibility: 'public' } },
          stream('never'),
        ],
      },
    });
    expect([reply.status, pathsOf(reply)]).to.deep.equal([400, ['/body/steps/1']]);
    expect(reply.body.detail).to.match(/step 1 \(POST \/api\/streams\) was answered 400/);
    expect((await call(sandbox, 'POST', '/sandbox/reset', { body: { scenario: 'broken' } })).status).to.equal(404);
  });

  it("when a step's path leaves /api/ by a dot segment (.., %2e%2e, .), then 400 naming it, before anything is sent", async () => {
    const paths = ['/api/../metrics', '/api/../sandbox/events', '/api/%2e%2e/sandbox/events', '/api/./streams/nav'];
    const reply = await call(sandbox, 'PUT', '/sandbox/scenarios/escape', {
      body: { steps: paths.map((path) => ({ method: 'GET', path })) },
    });
    expect([reply.status, pathsOf(reply)]).to.deep.equal([400, paths.map((_, index) => `/body/steps/${index}/path`)]);
    expect(reply.body.errors[0].message).to.equal('must be a path under /api/, with no . or .. segment');
  });

  it('when a step is refused by the service (404), then 400 naming it, and a scenario of that name stays as it was', async () => {
    await call(sandbox, 'PUT', '/sandbox/scenarios/kept', { body: { steps: [nav('kept')] } });
    const reply = await call(sandbox, 'PUT', '/sandbox/scenarios/kept', {
      body: { steps: [{ method: 'GET', path: '/api/cycles/templates/0193a5f2-0000-7000-8000-000000000000/draft' }] },
    });
    expect([reply.status, pathsOf(reply)]).to.deep.equal([400, ['/body/steps/0']]);
    await call(sandbox, 'POST', '/sandbox/reset', in_('b', { body: { scenario: 'kept' } }));
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('b'))).body.sort).to.equal('kept');
  });

  it('when a scenario holds 1,000 steps and a description of 1,000 characters, then it is defined; one more of either, then 400 naming it, before any step runs', async () => {
    const steps = (count: number) => Array.from({ length: count }, (_, n) => nav(`s${n}`));
    const atLimit = await call(sandbox, 'PUT', '/sandbox/scenarios/long', {
      body: { description: 'd'.repeat(MAX_DESCRIPTION), steps: steps(MAX_STEPS) },
    });
    expect(atLimit.status).to.equal(201);
    await call(sandbox, 'POST', '/sandbox/reset', in_('long', { body: { scenario: 'long' } }));
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('long'))).body.sort).to.equal(`s${MAX_STEPS - 1}`);
    const past = await call(sandbox, 'PUT', '/sandbox/scenarios/longer', {
      body: { description: 'd'.repeat(MAX_DESCRIPTION + 1), steps: steps(MAX_STEPS + 1) },
    });
    expect([past.status, pathsOf(past)]).to.deep.equal([400, ['/body/description', '/body/steps']]);
    expect(past.body.errors[1].message).to.equal(`must have at most ${MAX_STEPS} steps`);
    const listed = (await call(sandbox, 'GET', '/sandbox/scenarios')).body.items.map(
      ({ name }: { name: string }) => name,
    );
    expect(listed).to.include('long').and.not.include('longer');
  });

  it('when the document is no scenario, or the name is not safe, then 400 naming each fault', async () => {
    const shape = await call(sandbox, 'PUT', '/sandbox/scenarios/x', {
      body: { steps: [{ method: 'TRACE', path: '/sandbox/reset', extra: 1 }], other: 1 },
    });
    expect([shape.status, pathsOf(shape)]).to.deep.equal([
      400,
      ['/body/other', '/body/steps/0/method', '/body/steps/0/path', '/body/steps/0/extra'],
    ]);
    const name = await call(sandbox, 'PUT', '/sandbox/scenarios/.hidden', { body: { steps: [] } });
    expect([name.status, pathsOf(name)]).to.deep.equal([400, ['/path/name']]);
  });
});

describe('sandbox scenarios: at most SANDBOX_MAX_SCENARIOS', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox({ maxScenarios: 4 });
  }); // the three shipped, and room for one
  after(async () => {
    await sandbox.close();
  });

  it('when one more would pass the bound, then 403 quota-exceeded naming it; at the bound, and a known name again, are defined', async () => {
    expect((await call(sandbox, 'PUT', '/sandbox/scenarios/fourth', { body: { steps: [nav('4')] } })).status).to.equal(
      201,
    );
    const refused = await call(sandbox, 'PUT', '/sandbox/scenarios/fifth', { body: { steps: [nav('5')] } });
    expect([refused.status, refused.body.type]).to.deep.equal([403, 'urn:problem:collab:quota-exceeded']);
    expect(refused.body.detail).to.match(/^The sandbox holds at most 4 scenarios \(SANDBOX_MAX_SCENARIOS\)/);
    expect(
      (await call(sandbox, 'PUT', '/sandbox/scenarios/fourth', { body: { steps: [nav('again')] } })).status,
    ).to.equal(200);
    expect((await call(sandbox, 'GET', '/sandbox/scenarios')).body.items).to.have.length(4);
  });
});

describe('sandbox scenarios from files', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'scenarios-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('when the folder holds <name>.json, then the sandbox starts with that scenario', async () => {
    await writeFile(join(folder, 'two-streams.json'), JSON.stringify({ steps: [nav('from-file'), stream('A')] }));
    const sandbox = await startSandbox({ scenariosFolder: folder });
    try {
      expect((await call(sandbox, 'GET', '/sandbox/scenarios')).body.items).to.deep.equal([
        { name: 'two-streams', steps: 2 },
      ]);
      await call(sandbox, 'POST', '/sandbox/reset', { body: { scenario: 'two-streams' } });
      expect((await call(sandbox, 'GET', '/api/streams/nav')).body.sort).to.equal('from-file');
    } finally {
      await sandbox.close();
    }
  });

  it('when a file is added or changed while it runs, then the next reset naming it uses the file as it is now; a broken one is a 400 naming the file, and the session stays', async () => {
    const sandbox = await startSandbox({ scenariosFolder: folder });
    const sort = async () => (await call(sandbox, 'GET', '/api/streams/nav', in_('files'))).body.sort;
    const reset = (scenario: string) => call(sandbox, 'POST', '/sandbox/reset', in_('files', { body: { scenario } }));
    try {
      await writeFile(join(folder, 'added.json'), JSON.stringify({ steps: [nav('added')] }));
      expect((await reset('added')).status).to.equal(204);
      expect(await sort()).to.equal('added');
      await writeFile(join(folder, 'added.json'), JSON.stringify({ steps: [nav('changed')] }));
      expect((await reset('added')).status).to.equal(204);
      expect(await sort()).to.equal('changed');
      await writeFile(join(folder, 'added.json'), JSON.stringify({ steps: [{ ...nav('x'), body: { sort: 7 } }] }));
      const broken = await reset('added');
      expect(broken.status).to.equal(400);
      expect(broken.body.detail)
        .to.contain(join(folder, 'added.json'))
        .and.to.contain('step 0 (PATCH /api/streams/nav) was answered 400');
      expect(await sort()).to.equal('changed');
    } finally {
      await sandbox.close();
    }
  });

  it("when a file's step is refused, then make sandbox does not start, naming the file and the step", async () => {
    await writeFile(
      join(folder, 'bad.json'),
      JSON.stringify({ steps: [nav('fine'), { method: 'PATCH', path: '/api/streams/nav', body: { sort: 7 } }] }),
    );
    const error = await startSandboxProcess({ SANDBOX_SCENARIOS: folder }).then(
      async (sandbox) => {
        await sandbox.close();
      },
      (failure: Error) => failure,
    );
    expect(error?.message)
      .to.contain('exited (1)')
      .and.to.contain(join(folder, 'bad.json'))
      .and.to.contain('step 1 (PATCH /api/streams/nav) was answered 400');
  });

  it('when make sandbox starts, then it has built the shipped scenarios and lists them', async () => {
    const sandbox = await startSandboxProcess();
    try {
      expect((await call(sandbox, 'GET', '/sandbox/scenarios')).body.items).to.have.length(3);
    } finally {
      await sandbox.close();
    }
  });
});
