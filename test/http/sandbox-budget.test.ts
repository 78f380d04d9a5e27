import { expect } from 'chai';
import { call, type CallOptions, type Reply } from '../helpers/client.js';
import { holdRequest } from '../helpers/raw.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const MiB = 1024 ** 2;
const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});
/** An identity namespace of about `chars` bytes (the contract stores at most 256 KiB of one). */
const patch = (sandbox: Service, session: string, namespace: string, chars: number) =>
  call(
    sandbox,
    'PATCH',
    `/api/identity/settings/${namespace}`,
    in_(session, { body: { patch: { x: 'x'.repeat(chars) } } }),
  );
const read = (sandbox: Service, session: string, namespace: string) =>
  call(sandbox, 'GET', `/api/identity/settings/${namespace}`, in_(session));
const state = async (sandbox: Service, session = 'observer') =>
  (await call(sandbox, 'GET', '/sandbox/session', in_(session))).body as {
    bytes: number;
    sessions: { held: number; bytes: number; maxBytes: number };
  };
const statuses = (replies: Reply[]) => replies.map((reply) => reply.status);

describe("the sandbox's budget across sessions (SANDBOX_MAX_BYTES)", () => {
  let sandbox: Service;
  afterEach(async () => {
    await sandbox.close();
  });

  it('when a write takes the sessions past the budget, then the least recently used session is dropped and starts again from the seed; the others keep their state', async () => {
    sandbox = await startSandbox({ sessions: { maxBytes: 2 * MiB, idleMs: 0 } });
    for (const session of ['a', 'b', 'c', 'd']) {
      // about 486 KB each: four are 1.9 MiB
      expect(
        statuses([await patch(sandbox, session, 'n1', 240_000), await patch(sandbox, session, 'n2', 240_000)]),
      ).to.deep.equal([200, 200]);
    }
    await read(sandbox, 'a', 'n1'); // a used again: b is the least recently used
    expect((await patch(sandbox, 'e', 'n1', 240_000)).status).to.equal(200);
    expect(
      statuses(await Promise.all(['a', 'c', 'd', 'e'].map((session) => read(sandbox, session, 'n1')))),
    ).to.deep.equal([200, 200, 200, 200]);
    expect((await read(sandbox, 'b', 'n1')).status, 'b was dropped: its next request has the seed').to.equal(404);
    expect((await read(sandbox, 'b', 'profile')).status).to.equal(200);
    const { sessions } = await state(sandbox);
    expect(sessions.bytes).to.be.at.most(sessions.maxBytes);
    expect(sessions.maxBytes).to.equal(2 * MiB);
  });

  it('when one session alone would pass the budget, then its write is 507 storage-full and stores nothing; no other session is dropped; a write that shrinks it passes', async () => {
    sandbox = await startSandbox({ sessions: { maxBytes: MiB, idleMs: 0 } });
    expect(
      (await call(sandbox, 'PATCH', '/api/streams/nav', in_('other', { body: { sort: 'kept' } }))).status,
    ).to.equal(200);
    const stored = [];
    for (let n = 0; n < 4; n++) stored.push(await patch(sandbox, 'big', `n${n}`, 240_000));
    expect(statuses(stored)).to.deep.equal([200, 200, 200, 200]);
    const refused = await patch(sandbox, 'big', 'n4', 240_000);
    expect([refused.status, refused.body.type]).to.deep.equal([507, 'urn:problem:collab:storage-full']);
    expect(refused.body.detail).to.match(/SANDBOX_MAX_BYTES \(1048576 bytes\)/);
    expect((await read(sandbox, 'big', 'n4')).status).to.equal(404);
    expect((await call(sandbox, 'GET', '/api/streams/nav', in_('other'))).body.sort).to.equal('kept');
    expect((await patch(sandbox, 'big', 'n0', 10)).status).to.equal(200);
    expect((await patch(sandbox, 'big', 'n4', 200_000)).status).to.equal(200);
  });

  it("when sessions' request logs fill, then each is cut by its own requests only, within the room the budget counts for it from its start; a log counts its bodies and answers as their JSON", async () => {
    sandbox = await startSandbox({ sessions: { maxBytes: 2 * MiB, max: 3, idleMs: 0 } }); // each log's room: 256 KiB
    await call(sandbox, 'POST', '/sandbox/reset', in_('l1')); // started: its seed held
    const before = await call(sandbox, 'GET', '/sandbox/session', in_('l1'));
    expect((await patch(sandbox, 'l1', 'n', 15_000)).status).to.equal(200);
    const after = (await call(sandbox, 'GET', '/sandbox/session', in_('l1'))).body;
    // The document stored once; the body and the answer (each about 15 KB) in the log.
    expect(after.bytes - before.body.bytes).to.be.within(45_000, 47_000);
    expect(
      after.sessions.bytes - before.body.sessions.bytes,
      'the budget counts the store: the log had its room',
    ).to.be.within(15_000, 16_000);
    const sent = Math.ceil((256 * 1024) / 30_000) + 5; // enough for each log to fill its room
    for (let n = 0; n < sent; n++) expect((await patch(sandbox, 'l1', 'n', 15_000)).status).to.equal(200);
    const mine = (await call(sandbox, 'GET', '/sandbox/requests', in_('l1'))).body.items;
    expect(mine.length).to.be.within(7, 9);
    for (const session of ['l2', 'l3'])
      for (let n = 0; n < sent; n++) expect((await patch(sandbox, session, 'n', 15_000)).status).to.equal(200);
    const { sessions } = (await call(sandbox, 'GET', '/sandbox/session', in_('l3'))).body;
    expect([sessions.written, sessions.bytes <= sessions.maxBytes]).to.deep.equal([3, true]);
    const still = (await call(sandbox, 'GET', '/sandbox/requests', in_('l1'))).body.items;
    expect(
      still.map(({ n }: { n: number }) => n),
      "the others' writes cut nothing of l1's log",
    ).to.deep.equal(mine.map(({ n }: { n: number }) => n));
    expect(still[0].body).to.deep.equal({ patch: { x: 'x'.repeat(15_000) } });
  });

  it('when the least recently used session is serving a request, then it is not dropped: the next one is', async () => {
    sandbox = await startSandbox({ sessions: { maxBytes: MiB, idleMs: 0 } });
    for (const session of ['slow', 'idle']) expect((await patch(sandbox, session, 'n', 240_000)).status).to.equal(200);
    // A write whose body never comes: in flight until released.
    const slow = await holdRequest(sandbox, 'PATCH', '/api/identity/settings/n', { 'x-sandbox-session': 'slow' });
    await read(sandbox, 'idle', 'n'); // idle used since: slow is the least recently used
    const written = [];
    for (let n = 0; n < 3; n++) written.push(await patch(sandbox, 'w', `n${n}`, 240_000)); // five of them pass 1 MiB
    expect(statuses(written)).to.deep.equal([200, 200, 200]);
    await slow.release();
    expect((await read(sandbox, 'slow', 'n')).status).to.equal(200);
    expect((await read(sandbox, 'idle', 'n')).status).to.equal(404);
  });
});

describe('the sandbox: a refused write takes no place', () => {
  let sandbox: Service;
  after(async () => {
    await sandbox.close();
  });

  it('when writes to new sessions are refused (400, 415), then they give back the places they took (while those only read have room); one that wrote keeps its place', async () => {
    sandbox = await startSandbox({ sessions: { max: 2, idleMs: 600_000 } });
    const refused = [
      await call(sandbox, 'POST', '/api/streams', in_('bad-body', { body: { title: 7 } })),
      await call(
        sandbox,
        'PATCH',
        '/api/streams/nav',
        in_('plain', { body: 'x', headers: { 'content-type': 'text/plain' } }),
      ),
    ];
    expect(statuses(refused)).to.deep.equal([400, 415]);
    expect((await call(sandbox, 'PATCH', '/api/streams/nav', in_('w1', { body: { sort: 'a' } }))).status).to.equal(200);
    expect((await call(sandbox, 'PATCH', '/api/streams/nav', in_('w2', { body: { sort: 'b' } }))).status).to.equal(200);
    const third = await call(sandbox, 'PATCH', '/api/streams/nav', in_('w3', { body: { sort: 'c' } }));
    expect([third.status, third.body.type], 'the two that wrote hold the places').to.deep.equal([
      503,
      'urn:problem:collab:sessions-in-use',
    ]);
    const { sessions } = (await call(sandbox, 'GET', '/sandbox/session', in_('w1'))).body;
    expect([sessions.written, sessions.read]).to.deep.equal([2, 2]);
  });
});
