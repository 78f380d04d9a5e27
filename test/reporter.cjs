// The dot reporter, plus a plain closing line that any CI can read: "mocha: N passed, N failed".
const Mocha = require('mocha');

class DotWithSummary extends Mocha.reporters.Dot {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      process.stdout.write(`mocha: ${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = DotWithSummary;
