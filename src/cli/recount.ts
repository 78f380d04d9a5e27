// npm run recount (make recount): counts every owner's usage, behind the quotas, again from the records. PostgreSQL
// keeps it in quota_usage, changed by each write; a build that charged some records differently can leave it off
// (docs/operators/deployment.md, "Upgrades and rollbacks"). lowdb counts it from the records at every start.
import { recountUsage } from '../store/postgres/recount.js';
import { refuse, storeConfigOrExit, timing } from './command.js';
import { describeStore } from './store-sides.js';

const config = storeConfigOrExit('Recount');
const started = performance.now();
if (config.databaseUrl === undefined) {
  console.log(
    `Nothing to count in ${describeStore(config)}: lowdb counts every owner's usage from the records at each start`,
  );
} else {
  const { owners, changed, bytesOver } = await recountUsage(config.databaseUrl).catch((error: unknown) =>
    refuse('Recount', `${describeStore(config)}: ${(error as Error).message}`),
  );
  console.log(
    `Counted the usage of ${owners} owners of ${describeStore(config)} again from the records: ${changed} rows changed, ` +
      `which held ${bytesOver} bytes more than their records (${timing(started)})`,
  );
}
