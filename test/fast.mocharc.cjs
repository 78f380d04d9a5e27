// npm run test:fast: the unit tests and the in-process HTTP tests, about a minute. A test file belongs here unless it
// starts something outside this process: a server or command as a child process, Prism, a browser, PostgreSQL or a
// tmpfs mount, which it does through the helpers below (or node:child_process). The rest of make test runs them.
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const OUTSIDE = [
  /from 'node:child_process'/,
  /helpers\/(process|prism|browser|sandbox|dump|logs|postgres|private-postgres|tmpfs|needs)\.js'/,
];

const spec = readdirSync('test', { recursive: true })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join('test', file))
  .filter((file) => !OUTSIDE.some((pattern) => pattern.test(readFileSync(file, 'utf8'))))
  .sort();

module.exports = { ...require('../.mocharc.json'), spec };
