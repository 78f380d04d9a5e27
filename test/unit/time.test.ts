import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { instantMs, isoText, nextTimestamp } from '../../src/lib/time.js';

describe('nextTimestamp (updatedAt)', () => {
  it('when saves follow each other within one millisecond, then each is a millisecond after the one before', () => {
    const now = Date.parse('2026-11-24T03:00:00.000Z');
    const stamps = [nextTimestamp(undefined, now)];
    for (let index = 1; index < 5; index++) stamps.push(nextTimestamp(stamps.at(-1), now));
    expect(stamps).to.deep.equal([
      '2026-11-24T03:00:00.000Z',
      '2026-11-24T03:00:00.001Z',
      '2026-11-24T03:00:00.002Z',
      '2026-11-24T03:00:00.003Z',
      '2026-11-24T03:00:00.004Z',
    ]);
  });
  it('when the previous one is ahead of the clock, or written with an offset, then the next is still later than it', () => {
    const now = Date.parse('2026-11-24T03:00:00.000Z');
    expect(nextTimestamp('2026-11-24T05:00:00+02:00', now)).to.equal('2026-11-24T03:00:00.001Z');
    expect(nextTimestamp('2027-01-01T00:00:00.5Z', now)).to.equal('2027-01-01T00:00:00.501Z');
  });
  it('when the clock is ahead of the previous one, then it is the clock; two records saved in one millisecond get the same instant', () => {
    const now = Date.parse('2026-11-24T03:00:01.000Z');
    expect(nextTimestamp('2026-11-24T03:00:00.000Z', now)).to.equal('2026-11-24T03:00:01.000Z');
    expect(nextTimestamp('2026-11-24T02:00:00.000Z', now)).to.equal('2026-11-24T03:00:01.000Z');
  });
  it('when instants are formatted, then each text is what toISOString makes: within a second, across seconds, before 1970', () => {
    const base = Date.parse('2026-11-24T03:00:59.990Z');
    const instants = [
      base,
      base + 1,
      base + 9,
      base + 10,
      base + 99,
      base + 100,
      base + 1000,
      -1,
      -999,
      -1000,
      0,
      253402300799999,
    ];
    for (let step = 0; step < 2000; step++) instants.push(base + step * 7);
    for (const ms of instants) expect(isoText(ms), String(ms)).to.equal(new Date(ms).toISOString());
  });

  it('when a text is made, then V8 holds it as one flat string, not a rope of its parts, so a record holding it stays on JSON.stringify fast path', () => {
    const script = `import { isoText } from './src/lib/time.ts'; %DebugPrint(isoText(${Date.parse('2026-11-28T08:25:30.243Z')}));`;
    const printed = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(printed.stdout).to.contain('"2026-11-28T08:25:30.243Z"');
    expect(/ - type: (\w+)/.exec(printed.stdout)?.[1]).to.equal('SEQ_ONE_BYTE_STRING_TYPE');
  });
});

describe('instantMs (the sandbox clock)', () => {
  it('when a date-time is at an edge RFC 3339 allows, then it is its instant; a leap second is the last millisecond of its minute', () => {
    const cases: [string, string | undefined][] = [
      ['2016-12-31T23:59:60Z', '2016-12-31T23:59:59.999Z'],
      ['2016-12-31T18:59:60-05:00', '2016-12-31T23:59:59.999Z'],
      ['2026-01-01T00:00:00.1239Z', '2026-01-01T00:00:00.123Z'],
      ['2026-01-01T00:00:00.5+23:59', '2025-12-31T00:01:00.500Z'],
      ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00.000Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
      ['0000-01-01T00:00:00+00:01', undefined], // before year 0000 in UTC
      ['9999-12-31T23:59:59-00:01', undefined], // after year 9999 in UTC
      ['2026-01-01 00:00:00Z', undefined],
    ];
    for (const [text, instant] of cases) {
      const ms = instantMs(text);
      expect(ms === undefined ? undefined : new Date(ms).toISOString(), text).to.equal(instant);
    }
  });
});
