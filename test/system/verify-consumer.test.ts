import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { call, type CallOptions } from '../helpers/client.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';
import { inSession, verify } from '../helpers/verify-consumer.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Logged = any;

const in_ = (options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': 'front-end', ...options.headers },
});

describe('GET /sandbox/requests?format=expectations and make verify-consumer', () => {
  let sandbox: Service;
  let folder: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let expectations: { request: any; response: any }[];
  const write = async (name: string, items: unknown[]) => {
    const file = join(folder, name);
    await writeFile(file, JSON.stringify({ expectations: items }, null, 2));
    return file;
  };

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'expectations-'));
    sandbox = await startSandbox();
    // A front end's test: from nothing stored, create a stream, read it back by the id it got, sort the navigation.
    await call(sandbox, 'POST', '/sandbox/reset', in_({ body: { scenario: 'empty-user' } }));
    const created = await call(
      sandbox,
      'POST',
      '/api/streams',
      in_({ body: { title: 'Launch', visibility: 'public' } }),
    );
    await call(sandbox, 'GET', `/api/streams/${created.body.id}`, in_());
    await call(sandbox, 'GET', '/api/streams/nav', in_());
    await call(
      sandbox,
      'POST',
      '/api/streams',
      in_({ body: { title: 'Shown, not stored' }, headers: { prefer: 'code=201' } }),
    );
    expectations = (await call(sandbox, 'GET', '/sandbox/requests?format=expectations', in_())).body.segments[0]
      .expectations;
  });
  after(async () => {
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("when a session made requests, then its expectations are each request and the status and body it got, oldest first, without Prefer's examples", () => {
    expect(expectations.map(({ request, response }) => [request.method, request.path, response.status])).to.deep.equal([
      ['POST', '/api/streams', 201],
      ['GET', `/api/streams/${expectations[0]?.response.body.id}`, 200],
      ['GET', '/api/streams/nav', 200],
    ]);
    expect(expectations[0]?.request.body).to.deep.equal({ title: 'Launch', visibility: 'public' });
    expect(expectations[1]?.response.body.title).to.equal('Launch');
    expect(expectations[2]?.response.body.updatedAt).to.equal('1970-01-01T00:00:00.000Z'); // the defaults
  });

  it('when the service still answers them so, then make verify-consumer exits 0, the created id matched by position', async () => {
    const { code, output } = await verify(await write('same.json', expectations));
    expect([code, output]).to.deep.equal([
      0,
      `3 of 3 steps of ${join(folder, 'same.json')} as the consumer saw them against this service on a fresh store\n`,
    ]);
  });

  it('when a status differs, then it exits non-zero naming that step', async () => {
    const changed = expectations.map((item, index) =>
      index === 2 ? { ...item, response: { ...item.response, status: 404 } } : item,
    );
    const { code, output } = await verify(await write('status.json', changed));
    expect(code).to.not.equal(0);
    expect(output)
      .to.contain('step 3 (GET /api/streams/nav): status 200, the consumer saw 404\n')
      .and.to.contain('2 of 3 steps');
  });

  it('when the body lacks a member the consumer saw, or has it with another type, then it exits non-zero naming the step and member, against URL', async () => {
    const service = await startService();
    try {
      const [first, second, ...rest] = expectations;
      const changed = [
        first,
        { ...second, response: { ...second?.response, body: { ...second?.response.body, title: 7, pinned: true } } },
        ...rest,
      ];
      const { code, output } = await verify(await write('members.json', changed), service.url);
      expect(code).to.not.equal(0);
      expect(output).to.match(
        /step 2 \(GET \/api\/streams\/[0-9a-f-]+\): \/title is a string, the consumer saw a number; \/pinned is missing\n/,
      );
    } finally {
      await service.close();
    }
  });

  it('when a reset comes in the middle, a request fails on purpose or Prefer chooses its answer, then those are left out, and each segment names its own state', async () => {
    const send = inSession(sandbox, 'mixed');
    await send('POST', '/sandbox/reset', { body: { failureRate: 1, seed: 'mixed' } });
    expect((await send('GET', '/api/streams/nav')).status).to.equal(503);
    await send('POST', '/sandbox/reset', { body: { clock: '2026-03-01T00:00:00Z' } });
    await send('GET', '/api/streams/nav', { headers: { prefer: 'delay=1' } });
    await send('POST', '/api/streams', { body: { title: 'Shown' }, headers: { prefer: 'code=201' } });
    const log = (await send('GET', '/sandbox/requests')).body.items;
    expect(log.map(({ segment, status, onPurpose }: Logged) => [segment, status, onPurpose])).to.deep.equal([
      [1, 201, undefined],
      [1, 200, undefined],
      [0, 503, true], // the first reset made the session: its segment is 0
    ]);
    const { segments, notes } = (await send('GET', '/sandbox/requests?format=expectations')).body;
    expect(notes).to.equal(undefined);
    expect(segments).to.have.length(1);
    expect(segments[0].state).to.deep.include({ from: 'examples', clock: '2026-03-01T00:00:00Z' });
    expect(segments[0].expectations.map(({ request }: Logged) => [request.method, request.headers])).to.deep.equal([
      ['GET', { prefer: 'delay=1' }],
    ]);
  });

  it('when the scenario a segment started from is defined again as it was, then the segment stays; defined otherwise, then it is left out, with a note saying why', async () => {
    const send = inSession(sandbox, 'redefined');
    const scenario = { steps: [{ method: 'PATCH', path: '/api/streams/nav', body: { sort: 'first' } }] };
    await call(sandbox, 'PUT', '/sandbox/scenarios/redefined', { body: scenario });
    await send('POST', '/sandbox/reset', { body: { scenario: 'redefined' } });
    expect((await send('GET', '/api/streams/nav')).body.sort).to.equal('first');
    // The same again (another suite's set-up): kept, and so is the segment started from it.
    expect((await call(sandbox, 'PUT', '/sandbox/scenarios/redefined', { body: scenario })).status).to.equal(200);
    expect((await send('GET', '/sandbox/requests?format=expectations')).body.segments).to.have.length(1);
    const changed = { steps: [{ method: 'PATCH', path: '/api/streams/nav', body: { sort: 'second' } }] };
    await call(sandbox, 'PUT', '/sandbox/scenarios/redefined', { body: changed });
    expect((await send('GET', '/sandbox/requests?format=expectations')).body).to.deep.equal({
      segments: [],
      notes: [
        'Segment 1 of the session (1 request) is left out: the state it started from is no longer known (its scenario was defined again since).',
      ],
    });
  });

  it('when whole segments have fallen out of the log, then a note counts and names them, and the rest are exported', async () => {
    const send = inSession(sandbox, 'many-resets');
    for (let round = 0; round < 60; round++) {
      await send('POST', '/sandbox/reset', { body: { scenario: 'empty-user' } });
      await send('PATCH', '/api/streams/nav', { body: { sort: `round-${round}` } });
      await send('GET', '/api/streams/nav');
    }
    const exported = (await send('GET', '/sandbox/requests?format=expectations')).body;
    expect(exported.segments).to.have.length(50); // the log keeps the last 100 requests: two a segment
    const [note] = exported.notes as string[];
    expect(note).to.match(
      /^10 earlier segments of the session \((\d+, ){9}\d+\) are left out: none of their requests is in the log any more/,
    );
  });

  it('when format is another, then 400 naming it', async () => {
    const reply = await call(sandbox, 'GET', '/sandbox/requests?format=pact', in_());
    expect([reply.status, reply.body.errors]).to.deep.equal([
      400,
      [{ path: '/query/format', message: 'must be expectations' }],
    ]);
  });
});
