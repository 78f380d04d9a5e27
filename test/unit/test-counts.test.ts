import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';

// make test's last line (test/reporter.cjs appends each suite's counts, test/tools/total.sh adds them up): the one CI reads.
const folder = () => mkdtemp(join(tmpdir(), 'collab-counts-'));

async function total(lines: string, ...status: string[]) {
  const counts = join(await folder(), 'counts');
  await writeFile(counts, lines);
  const run = spawnSync('test/tools/total.sh', [counts, ...status], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.split('\n').filter(Boolean), stderr: run.stderr };
}

describe('make test counts (test/reporter.cjs, test/tools/total.sh)', () => {
  it('when three suites appended their counts, then one plain line holds their sums', async () => {
    const run = await total('1665 passed, 0 failed\n1128 passed, 2 failed\n958 passed, 1 failed\n');
    expect(run).to.deep.include({ status: 0, lines: ['3751 passed, 3 failed'] });
  });

  it('when no suite appended counts, then the line is 0 passed, 0 failed', async () => {
    expect(await total('')).to.deep.include({ status: 0, lines: ['0 passed, 0 failed'] });
  });

  it('when the suites failed without a failed test (a suite that did not load), then the line counts one failed', async () => {
    expect(await total('1665 passed, 0 failed\n', '1')).to.deep.include({
      status: 0,
      lines: ['1665 passed, 1 failed'],
    });
    expect((await total('1665 passed, 4 failed\n', '4')).lines).to.deep.equal(['1665 passed, 4 failed']);
  });

  it('when a line is not counts, then it is named on stderr, the line counts one failed and the exit is 1', async () => {
    const run = await total('1665 passed, 0 failed\nmocha: 3 passed, 0 failed\n');
    expect(run).to.deep.include({ status: 1, lines: ['1665 passed, 1 failed'] });
    expect(run.stderr).to.contain('not a line of counts: mocha: 3 passed, 0 failed');
  });

  it('when mocha runs with the reporter and TEST_COUNTS, then the run appends its plain counts and still prints its own line', async () => {
    const dir = await folder();
    const counts = join(dir, 'counts');
    await writeFile(counts, '7 passed, 0 failed\n');
    await writeFile(join(dir, 'a.test.cjs'), "it('passes', () => {}); it('fails', () => { throw new Error('no'); });");
    const run = spawnSync(
      process.execPath,
      ['node_modules/mocha/bin/mocha.js', '--no-config', '--reporter', 'test/reporter.cjs', join(dir, 'a.test.cjs')],
      { encoding: 'utf8', env: { ...process.env, TEST_COUNTS: counts } },
    );
    expect(run.status).to.equal(1);
    expect(run.stdout.trimEnd().split('\n').at(-1)).to.equal('mocha: 1 passed, 1 failed');
    expect(await readFile(counts, 'utf8')).to.equal('7 passed, 0 failed\n1 passed, 1 failed\n');
  });
});
