import { Agent, request } from 'node:http';
import { expect } from 'chai';
import { call, type CallOptions, type Reply } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});
const logOf = async (sandbox: Service, session: string) =>
  (await call(sandbox, 'GET', '/sandbox/requests', in_(session))).body.items as {
    method: string;
    path: string;
    status: number;
    n: number;
  }[];

/** A write answered 2xx, and how to read what it wrote back: what the read must hold. */
type Check = (sandbox: Service, session: string) => Promise<void>;
const firstRequests = (sandbox: Service, session: string): Promise<Check>[] => {
  const device = aDevice();
  const draft = `/api/cycles/templates/${uuid()}/draft`;
  const created = async (title: string): Promise<Check> => {
    const reply = await call(sandbox, 'POST', '/api/streams', in_(session, { body: { title } }));
    expect(reply.status).to.equal(201);
    return async () => {
      const read = await call(sandbox, 'GET', `/api/streams/${reply.body.id}`, in_(session));
      expect([read.status, read.body.title], `${session}: ${title}`).to.deep.equal([200, title]);
    };
  };
  const answered = async (reply: Promise<Reply>, read: string, holds: (body: Reply['body']) => unknown) => {
    expect((await reply).status).to.be.within(200, 201);
    return async () => {
      const back = await call(sandbox, 'GET', read, in_(session));
      expect([back.status, holds(back.body)], `${session}: ${read}`).to.deep.equal([200, true]);
    };
  };
  return [
    created('one'),
    created('two'),
    created('three'),
    created('four'),
    // The page-load pair: navigation and a device together.
    answered(
      call(sandbox, 'PATCH', '/api/streams/nav', in_(session, { body: { sort: session } })),
      '/api/streams/nav',
      (body) => body.sort === session,
    ),
    answered(
      call(sandbox, 'PUT', '/api/notifications/devices', in_(session, { body: device })),
      '/api/notifications/devices?limit=1000',
      (body) => body.items.some((item: { installationId: string }) => item.installationId === device.installationId),
    ),
    answered(
      call(sandbox, 'PUT', draft, in_(session, { body: aDraft() })),
      draft,
      (body) => body.updatedBy === 'local',
    ),
    answered(
      call(sandbox, 'PATCH', '/api/identity/settings/first', in_(session, { body: { patch: { at: session } } })),
      '/api/identity/settings/first',
      (body) => body.settings.at === session,
    ),
  ];
};

describe('the sandbox: requests that arrive together', function () {
  this.timeout(120_000);
  let sandbox: Service;
  afterEach(async () => {
    await sandbox.close();
  });

  it('when 8 first requests of a new session arrive together, 100 times, then every write answered 2xx reads back and all 8 are in its log', async () => {
    sandbox = await startSandbox();
    for (let round = 0; round < 100; round++) {
      const session = `round-${round}`;
      const checks = await Promise.all(firstRequests(sandbox, session));
      for (const check of checks) await check(sandbox, session);
      const writes = (await logOf(sandbox, session)).filter((entry) => entry.method !== 'GET');
      expect(writes.map((entry) => entry.status).sort(), session).to.deep.equal([
        200, 200, 201, 201, 201, 201, 201, 201,
      ]);
    }
  });

  it('when another client sends writes under 10,000 new session names, then a session used every few requests keeps everything; the other gets 200, 429 or 503 sessions-in-use', async () => {
    sandbox = await startSandbox({ sessions: { max: 100, idleMs: 10 * 60_000 } }); // 600 new sessions a client a minute
    const created = await call(sandbox, 'POST', '/api/streams', in_('mine', { body: { title: 'kept' } }));
    await call(sandbox, 'PATCH', '/api/streams/nav', in_('mine', { body: { sort: 'mine' } }));
    const other = new Agent({ keepAlive: true, maxSockets: 8 });
    const answered: Record<string, number> = {};
    let mine = 2;
    for (let batch = 0; batch < 100; batch++) {
      const sent = Array.from({ length: 100 }, (_, n) =>
        fromAnotherClient(sandbox, other, `flood-${batch}-${n}`).then((answer) => {
          answered[answer] = (answered[answer] ?? 0) + 1;
        }),
      );
      await Promise.all(sent);
      // Every 100 of theirs, one of mine: its stream and its navigation are still there, and it was never dropped.
      const read = await call(sandbox, 'GET', `/api/streams/${created.body.id}`, in_('mine'));
      const nav = await call(sandbox, 'GET', '/api/streams/nav', in_('mine'));
      mine += 2;
      expect([read.status, read.body.title, nav.body.sort], `after batch ${batch}`).to.deep.equal([
        200,
        'kept',
        'mine',
      ]);
      expect([
        read.headers.get('x-sandbox-session-dropped'),
        nav.headers.get('x-sandbox-session-dropped'),
      ]).to.deep.equal([null, null]);
    }
    other.destroy();
    const log = await logOf(sandbox, 'mine');
    expect([log.length, log[0]?.n], 'its log goes on: its last 100 requests, numbered from its first').to.deep.equal([
      100,
      mine,
    ]);
    expect(Object.keys(answered).sort(), JSON.stringify(answered)).to.satisfy((kinds: string[]) =>
      kinds.every((kind) =>
        ['200', '429 urn:problem:collab:rate-limited', '503 urn:problem:collab:sessions-in-use'].includes(kind),
      ),
    );
    // 99 places for theirs beside mine, the rest refused before any was made (a refusal starts nothing, so no 429).
    expect(answered).to.deep.equal({ 200: 99, '503 urn:problem:collab:sessions-in-use': 10_000 - 99 });
  });
});

/** A write from 127.0.0.2 (another client, by address) in session `session`: its status, and its problem's type. */
function fromAnotherClient(sandbox: Service, agent: Agent, session: string): Promise<string> {
  const body = JSON.stringify({ sort: session });
  return new Promise((resolve, reject) => {
    const req = request(
      `${sandbox.url}/api/streams/nav`,
      {
        method: 'PATCH',
        agent,
        localAddress: '127.0.0.2',
        headers: { 'content-type': 'application/json', 'x-sandbox-session': session },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve(res.statusCode === 200 ? '200' : `${res.statusCode} ${(JSON.parse(text) as { type: string }).type}`),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
