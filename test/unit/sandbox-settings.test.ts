import { expect } from 'chai';
import { DEFAULT_SANDBOX_SETTINGS, readSandboxSettings } from '../../src/sandbox/sandbox-settings.js';

describe("the sandbox's settings (SANDBOX_*)", () => {
  it('when none is set, then the documented defaults', () => {
    expect(readSandboxSettings({})).to.deep.equal(DEFAULT_SANDBOX_SETTINGS);
    expect(DEFAULT_SANDBOX_SETTINGS.streams).to.include({ largeAnswers: 4, sendIdleMs: 30_000 });
  });

  it('when SANDBOX_LARGE_ANSWERS and SANDBOX_SEND_IDLE are set, then they bound the answers holding a whole session', () => {
    const { streams } = readSandboxSettings({ SANDBOX_LARGE_ANSWERS: '2', SANDBOX_SEND_IDLE: '5s' });
    expect(streams).to.include({ largeAnswers: 2, sendIdleMs: 5000 });
  });

  it('when SANDBOX_SEND_IDLE is under a second or SANDBOX_LARGE_ANSWERS no count, then start-up is refused naming it', () => {
    expect(() => readSandboxSettings({ SANDBOX_SEND_IDLE: '500ms' })).to.throw(/SANDBOX_SEND_IDLE/);
    expect(() => readSandboxSettings({ SANDBOX_LARGE_ANSWERS: 'many' })).to.throw(/SANDBOX_LARGE_ANSWERS/);
  });
});
