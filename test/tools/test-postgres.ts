// npm run test:postgres: the HTTP suite again, every service on PostgreSQL (TEST_STORE=postgres,
// a fresh schema each in TEST_DATABASE_URL). Files about lowdb's own files, or that use no
// store, are left out (test/postgres.mocharc.json). Without PostgreSQL it says why and skips.
import { spawnSync } from 'node:child_process';
import { postgresUnavailable } from '../helpers/postgres.js';

const unavailable = await postgresUnavailable().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
if (unavailable) process.exit(0);
const mocha = spawnSync(
  process.execPath,
  ['node_modules/mocha/bin/mocha.js', '--config', 'test/postgres.mocharc.json', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_STORE: 'postgres' },
  },
);
process.exit(mocha.status ?? 1);
