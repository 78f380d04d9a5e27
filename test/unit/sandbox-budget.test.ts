import { expect } from 'chai';
import { bytesOf, type KeptRequest } from '../../src/sandbox/request-log.js';
import { Session } from '../../src/sandbox/session.js';
import { Sessions } from '../../src/sandbox/sessions.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import { StoreFullError } from '../../src/store/store.js';

// Sessions with empty stores, so every byte they hold is one a test wrote: a record under key `k`
// whose value is a string of n - 3 characters holds 1 + (n - 3) + 2 = n bytes (key and JSON).
const KEY = 'k';
const write = (session: Session, bytes: number, key = KEY) =>
  session.store.update('identitySettings', key, () => 'x'.repeat(bytes - Buffer.byteLength(key) - 2));
const sessionsOf = (maxBytes: number, max = 100) =>
  new Sessions(
    async (name, settings, room) => new Session(name, openMemoryStore({ room }), settings, (headers) => headers),
    max,
    maxBytes,
  );
const names = async (sessions: Sessions, ...asked: string[]) => {
  const held: string[] = [];
  for (const name of asked) if ((await sessions.get(name)).store.bytes > 0) held.push(name);
  return held;
};
const entry = (path: string): KeptRequest => ({ at: 'now', requestId: 'r', method: 'GET', path, status: 200 });

describe("the sandbox's budget across sessions (SANDBOX_MAX_BYTES, src/sandbox/sessions.ts)", () => {
  it('when a write takes the sessions to the budget, then it is stored; one byte past it, with no other session to drop, then StoreFullError and nothing stored', async () => {
    const sessions = sessionsOf(1_000);
    const alone = await sessions.get('alone');
    await write(alone, 1_000);
    expect([alone.store.bytes, sessions.bytes]).to.deep.equal([1_000, 1_000]);
    const refused = await write(alone, 1_001).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(StoreFullError);
    expect((refused as Error).message).to.match(/SANDBOX_MAX_BYTES \(1000 bytes\).*this session holds 1000/);
    expect(alone.store.bytes, 'the record as it was').to.equal(1_000);
    expect(await alone.store.get('identitySettings', KEY)).to.have.length(1_000 - 3);
    await write(alone, 400); // shrinking always passes
    expect(sessions.bytes).to.equal(400);
  });

  it('when a write would pass the budget, then the least recently used other sessions are dropped until it fits, and no more', async () => {
    const sessions = sessionsOf(1_000);
    for (const name of ['a', 'b', 'c']) await write(await sessions.get(name), 300);
    await sessions.get('a'); // a used again: b is now the least recently used
    await write(await sessions.get('d'), 150); // 1,050: b goes
    expect(await names(sessions, 'a', 'c', 'd')).to.deep.equal(['a', 'c', 'd']);
    expect(sessions.size).to.equal(3);
    expect((await sessions.get('b')).store.bytes, 'b starts again, empty').to.equal(0);
  });

  it('when dropping every idle session would not make room, then the write is refused and none is dropped', async () => {
    const sessions = sessionsOf(1_000);
    await write(await sessions.get('idle'), 200);
    const writer = await sessions.get('writer');
    await write(writer, 700);
    expect(await write(writer, 1_001).catch((error: unknown) => error)).to.be.instanceOf(StoreFullError);
    expect(await names(sessions, 'idle', 'writer')).to.deep.equal(['idle', 'writer']);
    await write(writer, 1_000); // exactly the budget once idle goes
    expect(await names(sessions, 'writer')).to.deep.equal(['writer']);
  });

  it('when the least recently used session is serving a request, then it is never dropped: the next one is, or the write is refused', async () => {
    const sessions = sessionsOf(1_000);
    const busy = await sessions.enter('busy');
    await write(busy, 400);
    await write(await sessions.get('idle'), 400);
    const writer = await sessions.get('writer');
    await write(writer, 200); // 1,000: at the budget
    await write(writer, 500); // +300: idle goes, busy stays
    expect(sessions.bytes).to.equal(900);
    expect(await write(writer, 601).catch((error: unknown) => error)).to.be.instanceOf(StoreFullError);
    sessions.leave(busy);
    await write(writer, 601); // busy is idle now: it goes
    expect([sessions.bytes, sessions.size]).to.deep.equal([601, 1]);
  });

  it('when more sessions are held than SANDBOX_SESSIONS, then idle ones go first: one serving a request stays, past the count if it must', async () => {
    const sessions = sessionsOf(Number.POSITIVE_INFINITY, 2);
    const first = await sessions.enter('first');
    await write(first, 10);
    await write(await sessions.get('second'), 10);
    await write(await sessions.get('third'), 10); // second goes, though first is older
    expect(await names(sessions, 'first', 'third')).to.deep.equal(['first', 'third']);
    await sessions.enter('third');
    await sessions.get('fourth'); // both others are busy: three held for now
    expect(sessions.size).to.equal(3);
    sessions.leave(first); // its request answered: the count is kept again
    expect(sessions.size).to.equal(2);
  });

  it("when a session's request log takes the sessions past the budget, then idle sessions are dropped; alone past it, its oldest entries go", async () => {
    const sessions = sessionsOf(2_000);
    await write(await sessions.get('idle'), 500);
    const logged = await sessions.enter('logged');
    await write(logged, 1_000);
    const path = 'p'.repeat(200);
    logged.log.add(entry(path));
    logged.log.add(entry(path));
    expect(logged.bytes).to.equal(1_000 + 2 * bytesOf(entry(path)));
    sessions.leave(logged); // 1,500 + the log: idle goes, both entries stay
    expect([sessions.size, logged.log.list().length]).to.deep.equal([1, 2]);
    await sessions.enter('logged');
    for (let n = 0; n < 3; n++) logged.log.add(entry(path));
    sessions.leave(logged);
    const kept = Math.floor(1_000 / bytesOf(entry(path)));
    expect([logged.log.list().length, sessions.bytes <= 2_000]).to.deep.equal([kept, true]);
  });
});
