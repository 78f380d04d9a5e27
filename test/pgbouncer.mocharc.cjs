// npm run test:pgbouncer: the PostgreSQL suite again, every service reaching PostgreSQL through one PgBouncer in
// transaction pooling (test/tools/test-pgbouncer.ts starts it): the HTTP suite (test/http, as npm run test:postgres
// runs it), the stores' conformance suite and the PostgreSQL store's own tests, and the system tests whose subject
// is the store (authentication, the client, quotas, metrics, several instances, readiness). Left out, since they run
// as in npm run test:postgres and add nothing through a pooler: browsers, Prism, the client's packaging, lint,
// logging and the sandbox; and the dumps and the restart test (test/system/postgres-pgbouncer-dumps.test.ts takes
// export, import and backup through a PgBouncer of its own; the restart test has a cluster of its own). The
// postgres-pgbouncer*.test.ts files start their own PgBouncer and run in npm test.
const postgres = require('./postgres.mocharc.json');

module.exports = {
  ...postgres,
  spec: [
    'test/http/**/*.test.ts',
    ...['stores', 'postgres', 'postgres-migrations', 'postgres-quotas', 'hit-counter'].map(
      (name) => `test/store/${name}.test.ts`,
    ),
    ...['auth', 'client', 'host-check', 'metrics', 'quotas', 'postgres-instances', 'postgres-readiness'].map(
      (name) => `test/system/${name}.test.ts`,
    ),
  ],
  ignore: postgres.ignore.filter((pattern) => pattern.startsWith('test/http/')),
};
