import { expect } from 'chai';
import { openPostgresStore, TIMEOUT_MS } from '../../src/store/postgres/postgres-store.js';
import type { Store } from '../../src/store/store.js';
import { call } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile, type Service } from '../helpers/service.js';
import { needs } from '../helpers/needs.js';

interface Outcome {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

/** Polls `probe` until it is true; never a fixed sleep. */
async function until(what: string, probe: () => Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a PostgreSQL restart while serving', function () {
  this.timeout(180_000);
  let database: PrivatePostgres | undefined;
  let instances: ServerProcess[] = [];
  before(async function () {
    needs(this, privatePostgresUnavailable());
    database = await startPrivatePostgres();
  });
  after(async () => {
    await Promise.all(instances.map((instance) => stop(instance, 'SIGTERM')));
    await database?.destroy();
  });

  it('when the database stops and starts again, then requests get 503 problems (their timeouts, not the test, end the wait), never a 500, and serving resumes; nothing acknowledged is lost', async () => {
    instances = await Promise.all(
      [0, 1].map(async () => startServerProcess(await freshDataFile(), { DATABASE_URL: database!.url })),
    );
    const services = instances.map((instance) => instance.service);
    const outcomes: Outcome[] = [];
    const acked = new Map<string, number>();
    let writing = true;
    const writer = async (service: Service, name: string) => {
      for (let sequence = 1; writing; sequence++) {
        const reply = await call(service, 'PATCH', `/api/identity/settings/${name}`, { body: { patch: { sequence } } });
        outcomes.push({ status: reply.status, body: reply.body, retryAfter: reply.headers.get('retry-after') });
        if (reply.status === 200) acked.set(name, sequence);
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const writers = Array.from({ length: 8 }, (_, index) => writer(services[index % 2]!, `writer-${index}`));
    const count = (status: number) => outcomes.filter((outcome) => outcome.status === status).length;

    await until('writing', async () => count(200) >= 50, 30_000);
    await database!.stop();
    await until('answered 503', async () => count(503) >= 10, 30_000);
    const read = await call(services[0]!, 'GET', '/api/identity/settings/writer-0');
    expect(read.status, 'a read while the database is down').to.equal(503);
    await database!.start();
    const servedBefore = count(200);
    await until(
      'serving again on both instances',
      async () =>
        count(200) >= servedBefore + 50 &&
        (await Promise.all(services.map((service) => call(service, 'GET', '/api/identity/settings/writer-1')))).every(
          (reply) => reply.status === 200,
        ),
      60_000,
    );
    writing = false;
    await Promise.all(writers);

    expect([...new Set(outcomes.map((outcome) => outcome.status))].sort()).to.deep.equal([200, 503]);
    for (const outcome of outcomes.filter((each) => each.status === 503)) {
      expect(outcome.body).to.include({ type: 'urn:problem:collab:unavailable', status: 503 });
      expect(outcome.retryAfter).to.equal('5');
    }
    for (const [name, sequence] of acked) {
      const reply = await call(services[1]!, 'GET', `/api/identity/settings/${name}`);
      expect(reply.body.settings.sequence, name).to.be.at.least(sequence);
    }
  });

  it('when the database stops answering (its processes frozen), then requests get 503 within the stated timeout, and serving resumes', async () => {
    const [service] = instances.map((instance) => instance.service) as [Service];
    expect(
      (await call(service, 'PATCH', '/api/identity/settings/frozen', { body: { patch: { before: true } } })).status,
    ).to.equal(200);
    await database!.freeze();
    try {
      const started = Date.now();
      const replies = await Promise.all([
        call(service, 'PATCH', '/api/identity/settings/frozen', { body: { patch: { during: true } } }),
        call(service, 'GET', '/api/identity/settings/frozen'),
        call(service, 'PUT', '/api/chat/reads', { body: { streamId: uuid(), lastReadMessageId: uuid() } }),
      ]);
      expect(replies.map((reply) => reply.status)).to.deep.equal([503, 503, 503]);
      // Not sooner than the stated timeout (a slow machine cannot make it sooner); how much later is the machine's.
      expect(Date.now() - started).to.be.at.least(TIMEOUT_MS - 500);
    } finally {
      await database!.thaw();
    }
    await until(
      'serving again',
      async () => (await call(service, 'GET', '/api/identity/settings/frozen')).status === 200,
      30_000,
    );
    expect((await call(service, 'GET', '/api/identity/settings/frozen')).body.settings).to.deep.equal({ before: true });
  });

  it('when the database is down, then ping rejects as unavailable (its timeout, not the test, ends the wait); once it is back, ping resolves', async () => {
    const store: Store = await openPostgresStore(database!.url);
    const silenced = console.error;
    console.error = () => {}; // the pool reports its lost connections
    try {
      await store.ping();
      await database!.stop();
      const failure = await store.ping().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).to.have.property('name', 'StoreUnavailableError');
      await database!.start();
      await until(
        'pinged',
        () =>
          store.ping().then(
            () => true,
            () => false,
          ),
        30_000,
      );
    } finally {
      console.error = silenced;
      await store.close();
    }
  });
});
