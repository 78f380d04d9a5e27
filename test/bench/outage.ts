// npm run bench:outage: a fast PostgreSQL restart (pg_ctl stop -m fast, then start) under steady writes through
// HAProxy (checking /readyz every second, fall 2) to three instances behind PgBouncer (an outage they all share), with PgBouncer's
// stock settings and with deploy/pgbouncer.ini's, and with READINESS_STORE_GRACE=0s (readiness failing with the
// store, as before the grace). Per row: the longest time no write was acknowledged, the requests, the instances'
// own 503s and HAProxy's own answers. test/system/shared-outage.test.ts checks the behaviour; this, the durations.
// BENCH_ROUNDS sets the rounds of each row (2); each round is a fresh set-up.
import { freePort, startHaproxy } from '../helpers/haproxy.js';
import { deploySettings, startPgBouncer } from '../helpers/pgbouncer.js';
import { startPrivatePostgres } from '../helpers/private-postgres.js';
import { killLeftoverServers, startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';
import { SteadyLoad } from '../helpers/steady-load.js';
import { row } from './harness.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WRITERS = 6;

interface Outcome {
  gapMs: number;
  requests: number;
  own503: number;
  balancer: number;
}

async function restartUnderLoad(pgbouncer: string[], env: Record<string, string>): Promise<Outcome> {
  const database = await startPrivatePostgres();
  const bouncer = await startPgBouncer('transaction', { serverUrl: database.url, settings: pgbouncer });
  const ports = await Promise.all([0, 1, 2].map(() => freePort()));
  const instances = await Promise.all(
    ports.map(async (port) =>
      startServerProcess(await freshDataFile(), {
        DATABASE_URL: bouncer.through(database.url),
        PORT: String(port),
        ...env,
      }),
    ),
  );
  const balancer = await startHaproxy(ports, 1_000);
  try {
    for (const index of ports.keys()) await balancer.waitFor(index, 'UP');
    const load = new SteadyLoad({ url: balancer.url, dataFile: '', close: async () => {} }, WRITERS, 'bench');
    await until(() => load.writes >= 100);
    const gapBefore = load.longestGapMs;
    await database.stop();
    await database.start();
    const restarted = load.writes;
    await until(() => load.writes >= restarted + 100);
    await load.stop();
    if (load.longestGapMs === gapBefore) throw new Error('no gap during the restart: nothing measured');
    const requests = load.writes + load.failures.length;
    const own503 = load.failures.filter((failure) => failure.contentType.startsWith('application/problem+json'));
    // Everything else is HAProxy's own: its HTML 503 (no server up), 502 or 504.
    return {
      gapMs: load.longestGapMs,
      requests,
      own503: own503.length,
      balancer: load.failures.length - own503.length,
    };
  } finally {
    await balancer.stop();
    await Promise.all(instances.map((instance) => stop(instance, 'SIGTERM')));
    await bouncer.stop();
    await database.destroy();
  }
}

async function until(probe: () => boolean): Promise<void> {
  while (!probe()) await new Promise((resolve) => setTimeout(resolve, 100));
}

const rows: { name: string; pgbouncer: string[]; env: Record<string, string> }[] = [
  {
    name: 'PgBouncer stock (server_login_retry 15 s), READINESS_STORE_GRACE=0s',
    pgbouncer: [],
    env: { READINESS_STORE_GRACE: '0s' },
  },
  { name: 'PgBouncer stock, READINESS_STORE_GRACE at its default (30 s)', pgbouncer: [], env: {} },
  {
    name: `deploy/pgbouncer.ini (${deploySettings().join(', ')}), default grace`,
    pgbouncer: deploySettings(),
    env: {},
  },
];

console.log(
  `\nA fast PostgreSQL restart under ${WRITERS} steady writers, through HAProxy to 3 instances (median of ${ROUNDS} rounds)\n`,
);
console.log(row(['set-up', 'no write acknowledged for', 'requests', "instances' 503s", "HAProxy's own answers"]));
console.log(row(['---', '---:', '---:', '---:', '---:']));
try {
  for (const { name, pgbouncer, env } of rows) {
    const rounds: Outcome[] = [];
    for (let round = 0; round < ROUNDS; round++) rounds.push(await restartUnderLoad(pgbouncer, env));
    rounds.sort((a, b) => a.gapMs - b.gapMs);
    const median = rounds[Math.floor((rounds.length - 1) / 2)]!;
    console.log(row([name, `${(median.gapMs / 1000).toFixed(1)} s`, median.requests, median.own503, median.balancer]));
  }
} finally {
  killLeftoverServers();
}
