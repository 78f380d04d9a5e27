import { execFileSync, spawnSync } from 'node:child_process';
import { expect } from 'chai';

// make fuzz (test/tools/fuzz.sh) leaves git status clean: what Schemathesis and Hypothesis write beside the
// project, Schemathesis's output it keeps, and the venv it installs into, are ignored and never committed.
// .ci/run checks it after a real run too.
const OUTPUTS = [
  '.schemathesis/default/cache/crashes/manifest.json',
  '.schemathesis/default/cache/crashes/GET_api_notifications_devices_positive_data_acceptance_f1188aac.json',
  '.hypothesis/examples/0123abcd/4567ef',
  '.venv/bin/schemathesis',
  '.tmp/fuzz/service.txt',
];

describe('make fuzz outputs (test/tools/fuzz.sh)', () => {
  it('when git lists the repository, then no file under a fuzzing output folder is committed', () => {
    const tracked = execFileSync('git', ['ls-files', '--', '.schemathesis', '.hypothesis', '.venv', '.tmp'], {
      encoding: 'utf8',
    });
    expect(tracked.split('\n').filter(Boolean)).to.deep.equal([]);
  });

  for (const path of OUTPUTS) {
    it(`when make fuzz writes ${path}, then git ignores it`, () => {
      expect(spawnSync('git', ['check-ignore', '--quiet', '--no-index', path]).status, path).to.equal(0);
    });
  }
});
