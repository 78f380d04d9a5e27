import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { DOCS_PATHS } from '../../src/reference/docs-routes.js';
import { loadSpec } from '../../src/contract/spec.js';
import { observeCommit } from '../../src/observability/store-metrics.js';
import { storeReports } from '../../src/observability/store-reports.js';
import { call } from '../helpers/client.js';
import { rawRequest } from '../helpers/raw.js';
import { uuid } from '../helpers/factories.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile, startService } from '../helpers/service.js';
import { needs } from '../helpers/needs.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';
import { openLowdbStore } from '../../src/store/lowdb/lowdb-store.js';
import { samples, samplesIn } from '../helpers/metrics.js';

const SECRET = 'a-metrics-test-secret-long-enough-0123456789';
const PROMTOOL = spawnSync('promtool', ['--version']).status === 0;
/** Methods Node's parser accepts and no route serves. */
const MADE_UP_METHODS = ['PROPFIND', 'MKCOL', 'PURGE', 'LOCK', 'SEARCH'];
const ROUTES = new Set([...Object.keys(loadSpec().paths), ...DOCS_PATHS, 'unmatched']);

describe('GET /metrics of the real server', () => {
  let server: ServerProcess;
  const streamId = uuid();
  before(async () => {
    server = await startServerProcess(await freshDataFile(), { AUTH_JWT_SECRET: SECRET });
    const token = await new SignJWT({ sub: 'alice-metrics' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(SECRET));
    const authorization = `Bearer ${token}`;
    await call(server.service, 'GET', `/api/streams/${streamId}`, { headers: { authorization } });
    await call(server.service, 'PATCH', '/api/identity/settings/nsmetrics7', {
      body: { patch: { a: 1 } },
      headers: { authorization },
    });
    await call(server.service, 'GET', `/no/such/${streamId}`);
    await call(server.service, 'GET', `/api/streams/${streamId}`);
    for (const method of MADE_UP_METHODS) await rawRequest(server.service, method, '/api/streams/nav', {});
  });
  after(async () => {
    await stop(server, 'SIGTERM');
  });

  /** The metrics once they hold what the requests above left (a response is counted as it finishes). */
  async function scrape(): Promise<{ status: number; type: string | null; text: string }> {
    for (;;) {
      const reply = await call(server.service, 'GET', '/metrics');
      const counted = samplesIn(reply.body, 'http_request_duration_seconds_count').filter(
        (sample) => sample.labels.route !== '/metrics',
      );
      // The four requests above and the made-up methods: start-up makes none of its own.
      if (counted.reduce((sum, sample) => sum + sample.value, 0) >= 4 + MADE_UP_METHODS.length)
        return { status: reply.status, type: reply.headers.get('content-type'), text: reply.body };
    }
  }

  it('when scraped without a token, then it answers in the Prometheus text format that promtool accepts', async function () {
    const { status, type, text } = await scrape();
    expect(status).to.equal(200);
    expect(type).to.match(/^text\/plain; version=0\.0\.4/);
    needs(this, PROMTOOL ? undefined : "promtool, from Debian's prometheus package (apt-get install prometheus)");
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(`${checked.stdout}${checked.stderr}`).to.equal('');
    expect(checked.status).to.equal(0);
  });

  it('when requests were served, then http_request_duration_seconds counts them by method, route template and status', async () => {
    const counts = samplesIn((await scrape()).text, 'http_request_duration_seconds_count');
    const count = (labels: Record<string, string>) =>
      counts.find((sample) => JSON.stringify(sample.labels) === JSON.stringify(labels))?.value;
    expect(count({ method: 'GET', route: '/api/streams/{streamId}', status: '404' })).to.equal(1);
    expect(count({ method: 'GET', route: '/api/streams/{streamId}', status: '401' })).to.equal(1);
    expect(count({ method: 'PATCH', route: '/api/identity/settings/{namespace}', status: '200' })).to.equal(1);
    expect(count({ method: 'GET', route: 'unmatched', status: '404' })).to.equal(1);
    for (const { labels } of counts) expect(ROUTES, labels.route).to.include(labels.route);
  });

  it('when requests come with methods the service never serves, then they share the method label "other"', async () => {
    const counts = samplesIn((await scrape()).text, 'http_request_duration_seconds_count');
    const methods = new Set(counts.map((sample) => sample.labels.method));
    expect([...methods].sort()).to.deep.equal(['GET', 'PATCH', 'other']);
    expect(
      counts.filter((sample) => sample.labels.method === 'other').reduce((sum, sample) => sum + sample.value, 0),
    ).to.equal(MADE_UP_METHODS.length);
  });

  it("when scraped, then build_info names the contract's version and Node's, and the store's own metrics are lowdb's alone", async () => {
    const { text } = await scrape();
    expect(samplesIn(text, 'build_info')).to.deep.equal([
      {
        labels: {
          version: String((loadSpec() as { info?: { version?: string } }).info?.version),
          node: process.versions.node,
        },
        value: 1,
      },
    ]);
    for (const metric of [
      'store_bytes',
      'store_records',
      'store_max_bytes',
      'journal_bytes',
      'store_checkpoint_failures_total',
      'store_checkpoint_duration_seconds_count',
    ]) {
      expect(samplesIn(text, metric), metric).to.have.length(1);
    }
    for (const metric of ['pg_pool_connections', 'store_connection_lost_total'])
      expect(text, metric).to.not.contain(metric);
    expect(
      samplesIn(text, 'http_requests_refused_total').find((sample) => sample.labels.reason === 'unauthenticated')
        ?.value,
      'no token, made-up methods too',
    ).to.equal(1 + MADE_UP_METHODS.length);
  });

  it('when scraped, then no label holds a raw id or a user, and the process defaults and store metrics are there', async () => {
    const { text } = await scrape();
    expect(text).to.not.contain(streamId).and.not.contain('alice').and.not.contain('nsmetrics7');
    for (const metric of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'store_commit_duration_seconds_count',
      'store_commit_batch_size_count',
    ]) {
      expect(samplesIn(text, metric), metric).to.not.be.empty;
    }
  });

  it('when scraped, then the heap limit stands beside the heap in use, and service_ready is 1', async () => {
    const { text } = await scrape();
    const [limit] = samplesIn(text, 'nodejs_heap_size_limit_bytes');
    const [used] = samplesIn(text, 'nodejs_heap_size_used_bytes');
    expect(limit?.value, 'V8 sets a heap limit of at least 128 MiB').to.be.at.least(128 * 1024 ** 2);
    expect(used?.value).to.be.above(0).and.below(limit!.value);
    expect(samplesIn(text, 'service_ready')).to.deep.equal([{ labels: {}, value: 1 }]);
  });
});

describe('service_ready of the real server', () => {
  it('when the server is stopping (SIGTERM, within SHUTDOWN_DELAY), then service_ready reads 0 as /readyz answers 503', async () => {
    const server = await startServerProcess(await freshDataFile(), { SHUTDOWN_DELAY: '30' });
    try {
      expect((await samples(server.service, 'service_ready'))[0]?.value).to.equal(1);
      server.child.kill('SIGTERM');
      while ((await call(server.service, 'GET', '/readyz')).status === 200)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await samples(server.service, 'service_ready')).to.deep.equal([{ labels: {}, value: 0 }]);
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});

describe('GET /metrics of the real server on PostgreSQL', () => {
  let server: ServerProcess | undefined;
  let schema: Schema | undefined;
  const application = `collab-metrics-${uuid()}`;
  before(async function () {
    needs(this, await postgresUnavailable());
    schema = await freshSchema();
    // Straight to PostgreSQL, in the PgBouncer tier too: behind a pooler the database cuts the pooler's connections, not the service's.
    const url = new URL(schema.directUrl);
    url.searchParams.set('application_name', application); // its connections, and only these, are cut below
    server = await startServerProcess(await freshDataFile(), { DATABASE_URL: url.toString() });
    await call(server.service, 'PATCH', '/api/streams/nav', { body: { sort: 'pg' } });
  });
  after(async () => {
    if (server) await stop(server, 'SIGTERM');
    await schema?.drop();
  });
  const scrape = async () => String((await call(server!.service, 'GET', '/metrics')).body);

  it("when scraped, then the pool's connections and lost connections are there, no lowdb metric is, and promtool accepts it", async function () {
    const text = await scrape();
    const pool = Object.fromEntries(
      samplesIn(text, 'pg_pool_connections').map((sample) => [sample.labels.state, sample.value]),
    );
    expect(Object.keys(pool).sort()).to.deep.equal(['idle', 'total', 'waiting']);
    expect(pool.total).to.be.at.least(1);
    expect(samplesIn(text, 'store_connection_lost_total')).to.deep.equal([{ labels: {}, value: 0 }]);
    for (const metric of ['store_bytes', 'store_records', 'store_max_bytes', 'journal_bytes', 'store_checkpoint'])
      expect(text, metric).to.not.match(new RegExp(`^${metric}`, 'm'));
    needs(this, PROMTOOL ? undefined : "promtool, from Debian's prometheus package (apt-get install prometheus)");
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(`${checked.stdout}${checked.stderr}`).to.equal('');
  });

  it("when the database cuts the service's connections, then store_connection_lost_total counts them", async () => {
    const { rows } = await admin((client) =>
      client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [application]),
    );
    expect(rows.length, 'connections cut').to.be.at.least(1);
    for (let tries = 0; ; tries++) {
      const [lost] = samplesIn(await scrape(), 'store_connection_lost_total');
      if (lost!.value >= rows.length) break;
      expect(tries, 'counted within 200 scrapes').to.be.below(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});

describe('the store metrics hook', () => {
  it('when the embedded store checkpoints, then store_checkpoint_duration_seconds counts it', async () => {
    const dataFile = await freshDataFile();
    const service = await startService({
      dataFile,
      store: await openLowdbStore(dataFile, { checkpointBytes: 1, hooks: storeReports }),
    });
    try {
      const count = async () => (await samples(service, 'store_checkpoint_duration_seconds_count'))[0]!.value;
      const before = await count();
      for (let tries = 0; (await count()) === before; tries++) {
        expect(tries, 'a checkpoint within 200 writes').to.be.below(200);
        expect((await call(service, 'PATCH', '/api/streams/nav', { body: { sort: `s${tries}` } })).status).to.equal(
          200,
        );
      }
    } finally {
      await service.close();
    }
  });

  it('when the store under test commits a write, then /metrics counts one more commit and its change', async () => {
    const service = await startService();
    try {
      const count = async (metric: string) => (await samples(service, metric))[0]!.value;
      const [commits, changes] = [
        await count('store_commit_duration_seconds_count'),
        await count('store_commit_batch_size_sum'),
      ];
      expect((await call(service, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } })).status).to.equal(200);
      expect(await count('store_commit_duration_seconds_count')).to.equal(commits + 1);
      expect(await count('store_commit_batch_size_sum')).to.equal(changes + 1);
    } finally {
      await service.close();
    }
  });

  it('when a store reports a commit, then /metrics counts its duration and batch size', async () => {
    const service = await startService();
    try {
      const before = (await samples(service, 'store_commit_batch_size_sum'))[0]!.value;
      observeCommit(0.004, 7);
      const text = (await call(service, 'GET', '/metrics')).body as string;
      expect(samplesIn(text, 'store_commit_batch_size_sum')[0]!.value).to.equal(before + 7);
      expect(
        samplesIn(text, 'store_commit_duration_seconds_bucket').find((sample) => sample.labels.le === '0.005')!.value,
      ).to.be.at.least(1);
    } finally {
      await service.close();
    }
  });
});
