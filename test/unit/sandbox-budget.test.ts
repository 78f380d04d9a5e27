import { expect } from 'chai';
import { HttpProblem } from '../../src/errors/problem.js';
import { droppedFor } from '../../src/sandbox/dropped.js';
import type { KeptRequest } from '../../src/sandbox/logged-entry.js';
import { Session } from '../../src/sandbox/session.js';
import { Sessions, type SessionLimits } from '../../src/sandbox/sessions.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import { StoreFullError } from '../../src/store/store.js';

// Sessions with empty stores, so every byte they hold is one a test wrote: a record under key `k`
// whose value is a string of n - 3 characters holds 1 + (n - 3) + 2 = n bytes (key and JSON).
const KEY = 'k';
const write = (session: Session, bytes: number, key = KEY) =>
  session.store.update('identitySettings', key, () => 'x'.repeat(bytes - Buffer.byteLength(key) - 2));
const UNBOUNDED: SessionLimits = {
  max: 100,
  maxBytes: Number.POSITIVE_INFINITY,
  idleMs: 0,
  startsPerMinute: Number.MAX_SAFE_INTEGER,
};
const sessionsOf = (limits: Partial<SessionLimits>, opened: string[] = []) =>
  new Sessions(
    async (name, settings, room, before) => {
      opened.push(name);
      await new Promise((resolve) => setTimeout(resolve, 5)); // seeding takes turns of the event loop
      return new Session(name, openMemoryStore({ room }), settings, (headers) => headers, before);
    },
    { ...UNBOUNDED, ...limits },
  );
/** A request to `name` that writes, answered at once: the session, now idle. */
const use = async (sessions: Sessions, name: string, writes = true, client?: string) => {
  const session = await sessions.enter(name, { writes, client });
  sessions.leave(session);
  return session;
};
const names = (sessions: Sessions) => sessions.list().map((session) => session.name);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const entry = (path: string): KeptRequest => ({ at: 'now', requestId: 'r', method: 'GET', path, status: 200 });

describe("the sandbox's sessions and their budget (src/sandbox/sessions.ts, held-sessions.ts)", () => {
  it('when requests for a new name arrive together, then one session is made and all of them are served from it', async () => {
    const opened: string[] = [];
    const sessions = sessionsOf({}, opened);
    const entered = await Promise.all(
      Array.from({ length: 8 }, (_, n) => sessions.enter('fresh', { writes: n % 2 === 0 })),
    );
    expect(opened).to.deep.equal(['fresh']);
    expect(new Set(entered).size).to.equal(1);
    expect([entered[0]!.inFlight, entered[0]!.counted]).to.deep.equal([8, true]);
  });

  it('when a write takes the sessions to the budget, then it is stored; one byte past it, alone, then StoreFullError and nothing stored', async () => {
    const sessions = sessionsOf({ maxBytes: 1_000, max: 1_000 }); // no room for logs: bytes are the stores'
    const alone = await use(sessions, 'alone');
    await write(alone, 1_000);
    expect([alone.store.bytes, sessions.bytes]).to.deep.equal([1_000, 1_000]);
    const refused = await refusal(write(alone, 1_001));
    expect(refused).to.be.instanceOf(StoreFullError);
    expect((refused as Error).message).to.match(/SANDBOX_MAX_BYTES \(1000 bytes\).*this session holds 1000/);
    expect(await alone.store.get('identitySettings', KEY)).to.have.length(1_000 - 3);
    await write(alone, 400); // shrinking always passes
    expect(sessions.bytes).to.equal(400);
  });

  it('when a write would pass the budget, then idle sessions are dropped, least recently used first, until it fits; the dropped one is told at its next start', async () => {
    const sessions = sessionsOf({ maxBytes: 1_000, max: 1_000 }); // no room for logs: bytes are the stores'
    for (const name of ['a', 'b', 'c']) await write(await use(sessions, name), 300);
    await use(sessions, 'a'); // a used again: b is now the least recently used
    await write(await use(sessions, 'd'), 150); // 1,050: b goes
    expect(names(sessions)).to.deep.equal(['d', 'a', 'c']);
    const again = await use(sessions, 'b');
    expect([again.store.bytes, again.startedAgain?.why]).to.deep.equal([
      0,
      'unused for 0 s, it was dropped: its room was needed under SANDBOX_MAX_BYTES (1000 bytes)',
    ]);
  });

  it('when the sessions that could make room were used within SANDBOX_SESSION_IDLE, then the write is 503 sessions-in-use with Retry-After, and none is dropped', async () => {
    const sessions = sessionsOf({ maxBytes: 1_000, max: 1_000, idleMs: 60_000 });
    await write(await use(sessions, 'recent'), 600);
    const writer = await use(sessions, 'writer');
    const refused = await refusal(write(writer, 500));
    expect(refused).to.be.instanceOf(HttpProblem);
    const problem = refused as HttpProblem;
    expect([problem.status, problem.kind, problem.options.headers]).to.deep.equal([
      503,
      'sessions-in-use',
      { 'Retry-After': '60' },
    ]);
    expect(problem.message).to.match(/SANDBOX_MAX_BYTES \(1000 bytes\).*in the last 60 s \(SANDBOX_SESSION_IDLE\)/);
    expect([names(sessions), writer.store.bytes]).to.deep.equal([['writer', 'recent'], 0]);
    sessions.find('recent')!.lastUsed -= 60_000; // a minute later
    await write(writer, 500);
    expect(names(sessions)).to.deep.equal(['writer']);
  });

  it('when SANDBOX_SESSIONS written-to sessions are in use, then a new one is refused; sessions only read from are held beside them and never count', async () => {
    const sessions = sessionsOf({ max: 2, idleMs: 60_000 });
    for (const name of ['w1', 'w2']) await use(sessions, name);
    for (const name of ['r1', 'r2']) await use(sessions, name, false);
    const refused = (await refusal(use(sessions, 'w3'))) as HttpProblem;
    expect([refused.kind, refused.message]).to.deep.equal([
      'sessions-in-use',
      'The sandbox holds 2 sessions written to, the most SANDBOX_SESSIONS allows, and every session that could make room was used in the last 60 s (SANDBOX_SESSION_IDLE), so none is dropped for it. Nothing was done; retry after Retry-After seconds, or raise the setting.',
    ]);
    expect(((await refusal(use(sessions, 'r1'))) as HttpProblem).kind, 'r1 may not start writing').to.equal(
      'sessions-in-use',
    );
    expect(((await refusal(use(sessions, 'r3', false))) as HttpProblem).kind).to.equal('sessions-in-use');
    expect(names(sessions)).to.have.members(['w1', 'w2', 'r1', 'r2']);
    sessions.find('w1')!.lastUsed -= 60_000;
    expect((await use(sessions, 'w3')).counted).to.equal(true);
    expect(names(sessions)).to.have.members(['w3', 'w2', 'r1', 'r2']);
  });

  it('when one client starts more written-to sessions than SANDBOX_NEW_SESSIONS in a minute, then 429 with Retry-After; another client is not refused', async () => {
    const sessions = sessionsOf({ startsPerMinute: 2 });
    await use(sessions, 'one', true, '127.0.0.2');
    await use(sessions, 'two', true, '127.0.0.2');
    await use(sessions, 'read', false, '127.0.0.2'); // reads start no session that counts
    const refused = (await refusal(use(sessions, 'three', true, '127.0.0.2'))) as HttpProblem;
    expect([refused.status, refused.kind]).to.deep.equal([429, 'rate-limited']);
    expect(Number(refused.options.headers?.['Retry-After'])).to.be.within(59, 60);
    expect(sessions.find('three'), 'nothing made').to.equal(undefined);
    await use(sessions, 'one', true, '127.0.0.2'); // its own sessions go on
    expect((await use(sessions, 'three', true, '127.0.0.1')).counted).to.equal(true);
  });

  it('when the least recently used session is serving a request, then it is never dropped: the next one is, or the write is refused', async () => {
    const sessions = sessionsOf({ maxBytes: 1_000, max: 1_000 }); // no room for logs: bytes are the stores'
    const busy = await sessions.enter('busy', { writes: true });
    await write(busy, 400);
    await write(await use(sessions, 'idle'), 400);
    const writer = await use(sessions, 'writer');
    await write(writer, 200); // 1,000: at the budget
    await write(writer, 500); // +300: idle goes, busy stays
    expect(sessions.bytes).to.equal(900);
    expect(await refusal(write(writer, 601))).to.be.instanceOf(HttpProblem);
    sessions.leave(busy);
    await write(writer, 601); // busy is idle now: it goes
    expect([sessions.bytes, sessions.list().length]).to.deep.equal([601, 1]);
  });

  it("when others' traffic fills the budget, then a session's log keeps every entry within its own room, counted from its start", async () => {
    const sessions = sessionsOf({ maxBytes: 8_000, max: 3 }); // each log's room: 3 × 8,000 / (8 × 3)
    expect(sessions.logBytes).to.equal(1_000);
    const mine = await sessions.enter('mine', { writes: true });
    const path = 'p'.repeat(200);
    mine.log.add(entry(path));
    mine.log.add(entry(path));
    sessions.leave(mine);
    expect(sessions.bytes, 'both sessions counted at their log room from the start').to.equal(1_000);
    const other = await sessions.enter('other', { writes: false });
    for (let n = 0; n < 20; n++) other.log.add(entry(path));
    sessions.leave(other);
    expect([other.log.bytes <= 1_000, mine.log.list().length, sessions.bytes]).to.deep.equal([true, 2, 2_000]);
    await write(mine, 6_001); // 8,001 with other: other is idle, and goes
    expect([names(sessions), mine.log.list().length]).to.deep.equal([['mine'], 2]);
    mine.log.add(entry(path)); // its third passes its own room: its oldest goes, by its own requests only
    expect(mine.log.list().length).to.equal(2);
  });

  it('when a seed or a reset to a scenario would pass the budget, then it is refused and nothing is held', async () => {
    const sessions = new Sessions(
      async (name, settings, room, before) => {
        const store = openMemoryStore({ room });
        await store.update('identitySettings', 'seed', () => 'x'.repeat(600 - 'seed'.length - 2));
        return new Session(name, store, settings, (headers) => headers, before);
      },
      { ...UNBOUNDED, maxBytes: 1_000, max: 1_000, idleMs: 60_000 },
    );
    await use(sessions, 'first');
    const refused = (await refusal(use(sessions, 'second'))) as HttpProblem;
    expect([refused.kind, sessions.bytes, names(sessions)]).to.deep.equal(['sessions-in-use', 600, ['first']]);
    expect(await refusal(sessions.replace('first', {}))).to.equal(undefined, 'a reset replaces: its room is its own');
    expect(sessions.bytes).to.equal(600);
  });
});

describe('droppedFor (src/sandbox/dropped.ts)', () => {
  it('when a session started again after a drop no answer told is dropped again, then the new drop carries the first: its requests added, its reason after', () => {
    const first = { at: '2026-01-01T00:00:00.000Z', why: 'the first', requests: 3 };
    const untold = droppedFor(
      { lastUsed: Date.now(), log: { total: 2 }, startedAgain: first, toldDrop: false },
      'again',
    );
    expect([untold.requests, untold.why]).to.deep.equal([
      5,
      'unused for 0 s, it was dropped: again; dropped before that too, at 2026-01-01T00:00:00.000Z (the first)',
    ]);
    const told = droppedFor({ lastUsed: Date.now(), log: { total: 2 }, startedAgain: first, toldDrop: true }, 'again');
    expect([told.requests, told.why]).to.deep.equal([2, 'unused for 0 s, it was dropped: again']);
  });
});
