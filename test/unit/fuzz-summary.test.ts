import { spawnSync } from 'node:child_process';
import { expect } from 'chai';

// make fuzz prints one plain line per server, read from Schemathesis's output (real ones, test/fixtures/schemathesis/).
const summary = (name: string, output: string) => {
  const run = spawnSync('test/tools/fuzz-summary.sh', [name, output], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
};

describe('make fuzz summary lines (test/tools/fuzz-summary.sh)', () => {
  it('when Schemathesis found no issue, then one line counts operations and test cases, and no line of = signs', () => {
    expect(summary('mock', 'test/fixtures/schemathesis/mock-no-issues.txt')).to.deep.equal({
      status: 0,
      stdout: 'fuzz mock: 18 operations, 2632 test cases, no failure\n',
      stderr: '',
    });
  });

  it('when Schemathesis passed with a warning, then the line counts the warning too', () => {
    expect(summary('sandbox', 'test/fixtures/schemathesis/sandbox-1-warning.txt').stdout).to.equal(
      'fuzz sandbox: 18 operations, 2482 test cases, no failure, 1 warning\n',
    );
  });

  it('when the output holds no counts (another format), then nothing on stdout, the reason on stderr, exit 1', () => {
    expect(summary('service', 'test/fixtures/schemathesis/README.md')).to.deep.equal({
      status: 1,
      stdout: '',
      stderr: "fuzz service: no operation or test case count in Schemathesis's output\n",
    });
  });
});
