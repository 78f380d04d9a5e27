// npm run test:pgbouncer: the PostgreSQL suite (test/pgbouncer.mocharc.cjs) with every service going through one
// PgBouncer in transaction pooling with stock settings (TEST_PGBOUNCER), the way hosted PostgreSQL is usually
// reached; the tests' own connections go straight to PostgreSQL. Without PostgreSQL it says why and skips; without
// PgBouncer too, except in CI (CI=true), where it fails.
import { spawnSync } from 'node:child_process';
import { pgbouncerUnavailable, startPgBouncer } from '../helpers/pgbouncer.js';
import { postgresUnavailable } from '../helpers/postgres.js';

const unavailable = await postgresUnavailable().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
if (unavailable) process.exit(0);
const missing = pgbouncerUnavailable();
if (missing) {
  if (process.env.CI === 'true')
    throw new Error(`CI must test the PostgreSQL store through PgBouncer, but it needs ${missing}`);
  console.log(`PgBouncer tests skipped: needs ${missing}`);
  process.exit(0);
}
const bouncer = await startPgBouncer('transaction');
let status: number | null;
try {
  console.log(`Every service through PgBouncer (transaction pooling) at ${bouncer.address}`);
  status = spawnSync(
    process.execPath,
    ['node_modules/mocha/bin/mocha.js', '--config', 'test/pgbouncer.mocharc.cjs', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, TEST_STORE: 'postgres', TEST_PGBOUNCER: bouncer.address },
    },
  ).status;
} finally {
  await bouncer.stop();
}
process.exit(status ?? 1);
