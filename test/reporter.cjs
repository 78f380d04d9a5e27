// The dot reporter, plus a plain closing line that any CI can read: "mocha: N passed, N failed". With TEST_COUNTS set
// (make test), the run's "N passed, N failed" is also appended to that file, for test/tools/total.sh to add up.
const { appendFileSync } = require('node:fs');
const Mocha = require('mocha');

class DotWithSummary extends Mocha.reporters.Dot {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      const counts = `${passes} passed, ${failures} failed`;
      if (process.env.TEST_COUNTS) appendFileSync(process.env.TEST_COUNTS, `${counts}\n`);
      process.stdout.write(`mocha: ${counts}${pending ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = DotWithSummary;
