import { expect } from 'chai';
import { FixedWindows } from '../../src/lib/fixed-windows.js';
import { memoryHits } from '../../src/store/memory/hit-counter.js';

const WINDOW = 60_000;
const start = Date.parse('2026-11-24T03:00:00.000Z');

describe('FixedWindows (lib/fixed-windows: hits per key, in this process)', () => {
  it('when a key is hit, then its first hit starts a window of windowMs, and each later hit in it counts on', () => {
    const windows = new FixedWindows();
    expect({ ...windows.hit('ana', WINDOW, start) }).to.deep.equal({ count: 1, resetAt: start + WINDOW });
    expect({ ...windows.hit('ana', WINDOW, start + 1) }).to.deep.equal({ count: 2, resetAt: start + WINDOW });
    expect({ ...windows.hit('ana', WINDOW, start + WINDOW - 1) }).to.deep.equal({ count: 3, resetAt: start + WINDOW });
  });

  it('when its window has ended, then the next hit starts a new one, counting from 1', () => {
    const windows = new FixedWindows();
    windows.hit('ana', WINDOW, start);
    windows.hit('ana', WINDOW, start + 10);
    const later = start + WINDOW + 5;
    expect({ ...windows.hit('ana', WINDOW, start + WINDOW) }, 'the window ends at resetAt').to.deep.equal({
      count: 1,
      resetAt: start + 2 * WINDOW,
    });
    expect({ ...windows.hit('ana', WINDOW, later) }).to.deep.equal({ count: 2, resetAt: start + 2 * WINDOW });
  });

  it('when keys are hit, then each has its own count and window', () => {
    const windows = new FixedWindows();
    windows.hit('ana', WINDOW, start);
    windows.hit('ana', WINDOW, start + 1);
    expect({ ...windows.hit('bo', WINDOW, start + 2) }).to.deep.equal({ count: 1, resetAt: start + 2 + WINDOW });
    expect(windows.hit('ana', WINDOW, start + 3).count).to.equal(3);
  });

  it('when a key is reset, then its next hit starts a new window', () => {
    const windows = new FixedWindows();
    windows.hit('ana', WINDOW, start);
    windows.hit('bo', WINDOW, start);
    windows.reset('ana');
    expect({ ...windows.hit('ana', WINDOW, start + 7) }).to.deep.equal({ count: 1, resetAt: start + 7 + WINDOW });
    expect(windows.hit('bo', WINDOW, start + 8).count, 'other keys keep theirs').to.equal(2);
  });

  it('when a key is idle for a whole window, then it is forgotten; keys hit within the last window are kept', () => {
    const windows = new FixedWindows();
    for (let user = 0; user < 100; user++) windows.hit(`idle-${user}`, WINDOW, start);
    windows.hit('busy', WINDOW, start + WINDOW - 1);
    expect(windows.size).to.equal(101);
    windows.hit('late', WINDOW, start + WINDOW + 1);
    expect(windows.size, 'busy and late').to.equal(2);
    expect(windows.hit('busy', WINDOW, start + WINDOW + 2).count, 'busy kept its count').to.equal(2);
  });

  it('when no instant is given, then it counts on the system clock', () => {
    const windows = new FixedWindows();
    const before = Date.now();
    const { count, resetAt } = windows.hit('ana', WINDOW);
    expect(count).to.equal(1);
    expect(resetAt).to.be.within(before + WINDOW, Date.now() + WINDOW);
  });
});

describe("memoryHits (a HitCounter over FixedWindows: a sandbox session's)", () => {
  it('when keys are hit and one is reset, then each counts in its own window, with resetAt as a Date, and the reset one starts over', async () => {
    const hits = memoryHits();
    const before = Date.now();
    await hits.hit('writes:ana', WINDOW);
    const second = await hits.hit('writes:ana', WINDOW);
    expect(second.hits).to.equal(2);
    expect(second.resetAt).to.be.instanceOf(Date);
    expect(second.resetAt.getTime()).to.be.within(before + WINDOW, Date.now() + WINDOW);
    expect((await hits.hit('writes:bo', WINDOW)).hits).to.equal(1);
    await hits.reset('writes:ana');
    expect((await hits.hit('writes:ana', WINDOW)).hits).to.equal(1);
    expect((await hits.hit('writes:bo', WINDOW)).hits).to.equal(2);
  });
});
