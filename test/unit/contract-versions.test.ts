import { expect } from 'chai';
import { bumpBetween, isPreRelease, nextVersion, releaseOf } from '../../scripts/contract/versions.js';
import { versionFaults } from '../../scripts/contract/promise.js';
import type { Comparison } from '../../scripts/contract/compare.js';

// info.version says what the changes are (scripts/contract/versions.ts, promise.ts): a break needs a new major version,
// any other change a new minor one, and a build not yet released carries a pre-release version of what it will be.

/** A comparison against the release 1.0.0 with `breaks` breaking changes (accepted with a reason) and `others` other ones. */
function comparison(version: string, { breaks = 0, unseen = 0, others = 0 } = {}): Comparison {
  const change = (level: 1 | 3) => ({ id: 'rule', text: 'a change', level, operation: 'GET', path: '/x' });
  const accepted = { id: 'rule', reason: 'a reason in words' };
  return {
    baseVersion: '1.0.0',
    version,
    breaking: Array.from({ length: breaks }, () => ({ ...change(3), accepted })),
    unseen: Array.from({ length: unseen }, (_, index) => ({
      unseen: `rule-${index}`,
      mechanism: 'a rule stated in words',
      reason: 'a reason in words',
    })),
    nonBreaking: Array.from({ length: others }, () => change(1)),
    unusedAccepted: [],
    operations: ['GET /x'],
  };
}

describe('contract versions', () => {
  it('when a version is a pre-release (2.0.0-dev, 2.0.0-rc.1), then it is one, and it releases as its X.Y.Z', () => {
    expect([isPreRelease('2.0.0-dev'), isPreRelease('2.0.0-rc.1'), isPreRelease('2.0.0')]).to.deep.equal([
      true,
      true,
      false,
    ]);
    expect([releaseOf('2.0.0-dev'), releaseOf('2.0.0')]).to.deep.equal(['2.0.0', '2.0.0']);
    expect(releaseOf('2.0')).to.equal(undefined);
  });

  it('when the step between versions is asked, then a pre-release counts as the release it leads to', () => {
    expect(bumpBetween('1.0.0', '2.0.0-dev')).to.equal('major');
    expect(bumpBetween('1.0.0', '1.1.0-dev')).to.equal('minor');
    expect(bumpBetween('1.0.0', '1.0.0')).to.equal('none');
    expect(bumpBetween('1.0.0', '1.0.0-dev'), 'a pre-release of the release itself comes before it').to.equal(
      undefined,
    );
    expect(bumpBetween('2.0.0', '1.9.0')).to.equal(undefined);
    expect(nextVersion('1.4.2', 'major')).to.equal('2.0.0');
  });

  it('when the changes include a break, accepted or unseen by oasdiff, then only a new major version says so', () => {
    expect(versionFaults(comparison('2.0.0-dev', { breaks: 1 }))).to.deep.equal([]);
    expect(versionFaults(comparison('1.1.0', { breaks: 1 }))[0]).to.match(/need a new major version: 2\.0\.0/);
    expect(versionFaults(comparison('1.1.0-dev', { unseen: 1 }))[0]).to.match(/need a new major version: 2\.0\.0/);
  });

  it('when openapi.yaml changed but still says the release it came from, then the fault names the pre-release to set', () => {
    expect(versionFaults(comparison('1.0.0', { others: 2 }))[0]).to.match(/1\.1\.0-dev/);
    expect(versionFaults(comparison('1.1.0-dev', { others: 2 }))).to.deep.equal([]);
    expect(versionFaults(comparison('1.0.0')), 'wording alone').to.deep.equal([]);
  });

  it('when info.version is no semantic version, then that is the fault', () => {
    expect(versionFaults(comparison('2.0'))[0]).to.match(/not a semantic version/);
  });
});
