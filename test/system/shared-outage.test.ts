import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { freePort, haproxyMissing, startHaproxy, type Balancer } from '../helpers/haproxy.js';
import { needs } from '../helpers/needs.js';
import { pgbouncerUnavailable, startPgBouncer, type PgBouncer } from '../helpers/pgbouncer.js';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile, type Service } from '../helpers/service.js';
import { SteadyLoad } from '../helpers/steady-load.js';
import { until } from '../helpers/until.js';

/** The 503 `unavailable` answers an instance has counted (http_requests_refused_total), and those its histogram holds for /api. */
async function counted503s(service: Service): Promise<{ refused: number; observed: number }> {
  const text = String((await call(service, 'GET', '/metrics')).body);
  const refused = /^http_requests_refused_total\{reason="unavailable"\} (\d+)$/m.exec(text);
  const observed = [
    ...text.matchAll(/^http_request_duration_seconds_count\{.*route="\/api[^"]*",status="503"\} (\d+)$/gm),
  ];
  return { refused: Number(refused?.[1]), observed: observed.reduce((sum, match) => sum + Number(match[1]), 0) };
}

describe('a fast restart of the PostgreSQL every instance shares, behind PgBouncer with its stock settings, under HAProxy checking /readyz every second', function () {
  this.timeout(300_000);
  let database: PrivatePostgres | undefined;
  let bouncer: PgBouncer | undefined;
  let balancer: Balancer | undefined;
  let instances: ServerProcess[] = [];

  before(async function () {
    needs(this, haproxyMissing() ?? pgbouncerUnavailable() ?? privatePostgresUnavailable());
    database = await startPrivatePostgres();
    bouncer = await startPgBouncer('transaction', { serverUrl: database.url });
  });
  after(async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => stop(instance, 'SIGTERM')));
    await bouncer?.stop();
    await database?.destroy();
  });

  it(
    'when PostgreSQL restarts under steady writes, then HAProxy never answers itself: every failure is an instance’s 503 ' +
      'problem with Retry-After, counted by its metrics, writes succeed again, and every acknowledged write reads back',
    async () => {
      const ports = await Promise.all([0, 1, 2].map(() => freePort()));
      instances = await Promise.all(
        ports.map(async (port) =>
          startServerProcess(await freshDataFile(), {
            DATABASE_URL: bouncer!.through(database!.url),
            PORT: String(port),
          }),
        ),
      );
      balancer = await startHaproxy(ports, 1_000);
      for (const index of ports.keys()) await balancer.waitFor(index, 'UP');
      const entry: Service = { url: balancer.url, dataFile: '', close: async () => {} };
      const load = new SteadyLoad(entry, 6, 'outage');
      await until(() => load.writes >= 60, 100);

      await database!.stop();
      await database!.start();
      const afterRestart = load.writes;
      await until(() => load.writes >= afterRestart + 60, 100); // writes succeed again
      await load.stop();

      const unexpected = load.failures.filter(
        (failure) =>
          failure.status !== 503 ||
          !failure.contentType.startsWith('application/problem+json') ||
          (failure.body as { type?: string }).type !== 'urn:problem:collab:unavailable' ||
          failure.retryAfter === null,
      );
      expect(unexpected.slice(0, 5), `${unexpected.length} of ${load.failures.length} failures`).to.deep.equal([]);
      for (const [writer, sequence] of load.acked.entries()) {
        const stored = await call(entry, 'GET', load.path(writer));
        expect(stored.body.settings.sequence, `writer ${writer}`).to.be.at.least(sequence);
      }
      const counts = await Promise.all(instances.map((instance) => counted503s(instance.service)));
      const sum = (pick: (count: { refused: number; observed: number }) => number) =>
        counts.reduce((total, count) => total + pick(count), 0);
      expect(
        sum((count) => count.refused),
        'refused as unavailable, by the instances’ metrics',
      ).to.equal(load.failures.length);
      expect(
        sum((count) => count.observed),
        'the 503s of /api in the instances’ histograms',
      ).to.equal(load.failures.length);
      console.log(`      ${load.writes} writes acknowledged, ${load.failures.length} answered 503 by an instance`);
    },
  );
});
