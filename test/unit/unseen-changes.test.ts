import { expect } from 'chai';
import { unseenChanges } from '../../scripts/contract/unreleased.js';

// make contract-diff lists the changes CHANGELOG.md's Unreleased entry marks as unseen by oasdiff (scripts/contract/diff.ts).
describe('unseenChanges: the Unreleased bullets a diff of the contract cannot show', () => {
  it('when bullets are marked "unseen by oasdiff", then each is one line of its words, wrapped lines joined, comments left out', () => {
    const entry = [
      '### Changed',
      '',
      '- **Breaking (accepted without a new major version):** `type` is an open list. <!-- response-property-became-not-enum -->',
      '- **Breaking, unseen by oasdiff:** bodies are I-JSON: a name twice',
      '  gets 400. <!-- a note -->',
      '- A write is answered once stored.',
      '',
      '### Migration',
      '',
      '- **Breaking, unseen by oasdiff:** streams are read by members only.',
    ].join('\n');
    expect(unseenChanges(entry)).to.deep.equal([
      '**Breaking, unseen by oasdiff:** bodies are I-JSON: a name twice gets 400.',
      '**Breaking, unseen by oasdiff:** streams are read by members only.',
    ]);
  });

  it('when there is no entry or no such bullet, then there are none', () => {
    expect(unseenChanges(undefined)).to.deep.equal([]);
    expect(unseenChanges('### Added\n\n- `HEAD` is answered wherever `GET` is.')).to.deep.equal([]);
  });
});
