// npm run test:fast: the unit tests and the in-process HTTP tests, about two minutes. test/unit holds pure
// functions and checks of the repository, test/http the real app in this process on port 0. The rest of make
// test runs the stores' suite (test/store, PostgreSQL included) and test/system: child processes, crashes, full
// disks, PostgreSQL restarts, Prism, browsers, make targets and dumps.
module.exports = { ...require('../.mocharc.json'), spec: ['test/unit/**/*.test.ts', 'test/http/**/*.test.ts'] };
