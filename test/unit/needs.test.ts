import { expect } from 'chai';
import type { Context } from 'mocha';
import { needs } from '../helpers/needs.js';

describe('tests that need a tool (test/helpers/needs.ts)', () => {
  const withCi = <T>(value: string | undefined, work: () => T): T => {
    const before = process.env.CI;
    if (value === undefined) delete process.env.CI;
    else process.env.CI = value;
    try {
      return work();
    } finally {
      if (before === undefined) delete process.env.CI;
      else process.env.CI = before;
    }
  };
  const context = () => {
    const skipped = { count: 0 };
    return {
      skipped,
      context: {
        skip: () => {
          skipped.count++;
        },
      } as unknown as Context,
    };
  };

  it('when the tool is missing in CI (CI=true), then the test fails with one line naming what to install', () => {
    const { skipped, context: ctx } = context();
    expect(() => withCi('true', () => needs(ctx, 'promtool (apt-get install prometheus)'))).to.throw(
      'CI must run this test, but it needs promtool (apt-get install prometheus)',
    );
    expect(skipped.count).to.equal(0);
  });
  it('when the tool is missing elsewhere, then the test is skipped; when it is there, nothing happens', () => {
    const { skipped, context: ctx } = context();
    const printed: unknown[] = [];
    const log = console.log;
    console.log = (...line: unknown[]) => printed.push(line.join(' ')); // kept out of the run's log, where it misleads
    try {
      withCi(undefined, () => needs(ctx, 'a-tool-no-machine-has'));
    } finally {
      console.log = log;
    }
    expect(printed).to.deep.equal(['      skipped: needs a-tool-no-machine-has']);
    expect(skipped.count).to.equal(1);
    withCi('true', () => needs(ctx, undefined));
    expect(skipped.count).to.equal(1);
  });
});
