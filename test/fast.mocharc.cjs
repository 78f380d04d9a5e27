// npm run test:fast: the unit tests and the in-process HTTP tests, in about half a minute. test/unit holds pure
// functions and checks of the repository, test/http the real app in this process on port 0, here on the memory store
// (TEST_STORE=lowdb npm run test:fast for lowdb, which npm test runs them on), in two processes, since many tests wait
// out a timeout. The rest of make test runs the stores' suite (test/store, PostgreSQL included) and test/system: child
// processes, crashes, full disks, PostgreSQL restarts, Prism, browsers, make targets and dumps.
const { globSync } = require('node:fs');

process.env.TEST_STORE ??= 'memory';
// The longest files first, so that neither process is left running one alone at the end.
const LONGEST = ['stall', 'auth-jwks', 'hostile', 'content-types', 'property', 'admission', 'conditional'];
const files = globSync('test/{unit,http}/**/*.test.ts').sort();
const first = LONGEST.map((name) => `test/http/${name}.test.ts`).filter((file) => files.includes(file));

module.exports = {
  ...require('../.mocharc.json'),
  spec: [...first, ...files.filter((file) => !first.includes(file))],
  parallel: true,
  jobs: 2,
};
