import { expect } from 'chai';
import { call, type Reply } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { pgbouncerUnavailable, startPgBouncer, type PgBouncer } from '../helpers/pgbouncer.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile, type Service } from '../helpers/service.js';

/** One write of four kinds (a device, a settings patch, a new draft, the stream nav), by `index`, and how to read it back. */
function aMixedWrite(index: number): {
  send: (service: Service) => Promise<Reply>;
  readBack: (service: Service) => Promise<void>;
} {
  switch (index % 4) {
    case 0: {
      const device = aDevice();
      return {
        send: (service) => call(service, 'PUT', '/api/notifications/devices', { body: device }),
        readBack: async (service) => {
          const listed = await call(service, 'GET', '/api/notifications/devices?limit=1000');
          expect(
            listed.body.items.map((item: { installationId: string }) => item.installationId),
            `device ${index}`,
          ).to.include(device.installationId);
        },
      };
    }
    case 1:
      return {
        send: (service) =>
          call(service, 'PATCH', `/api/identity/settings/mixed-${index}`, { body: { patch: { index } } }),
        readBack: async (service) => {
          expect(
            (await call(service, 'GET', `/api/identity/settings/mixed-${index}`)).body.settings,
            `settings ${index}`,
          ).to.deep.equal({ index });
        },
      };
    case 2: {
      const path = `/api/cycles/templates/${uuid()}/draft`;
      return {
        send: (service) => call(service, 'PUT', path, { body: aDraft({ description: `draft ${index}` }) }),
        readBack: async (service) => {
          expect((await call(service, 'GET', path)).body.description, `draft ${index}`).to.equal(`draft ${index}`);
        },
      };
    }
    default:
      return {
        send: (service) => call(service, 'PATCH', '/api/streams/nav', { body: { sort: `write ${index}` } }),
        readBack: async (service) => {
          expect((await call(service, 'GET', '/api/streams/nav')).status, `nav ${index}`).to.equal(200);
        },
      };
  }
}

/** Runs `count` tasks, `concurrency` at a time. */
async function inTurn<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

describe('the service through PgBouncer in transaction pooling, stock settings', function () {
  this.timeout(180_000);
  let bouncer: PgBouncer | undefined;
  let schema: Schema | undefined;
  let instances: ServerProcess[] = [];
  let services: Service[] = [];
  before(async function () {
    if (await postgresUnavailable()) this.skip();
    const missing = pgbouncerUnavailable();
    if (missing && process.env.CI === 'true')
      throw new Error(`CI must test through PgBouncer, but it needs ${missing}`);
    if (missing) this.skip();
    bouncer = await startPgBouncer('transaction');
    schema = await freshSchema();
  });
  after(async () => {
    await Promise.all(instances.map((instance) => stop(instance, 'SIGTERM')));
    await schema?.drop();
    await bouncer?.stop();
  });
  beforeEach(function () {
    if (this.currentTest?.title.startsWith('when three') === false && services.length === 0) this.skip();
  });

  it('when three instances start at once on a fresh database through it, then each serves and every migration ran once', async () => {
    const url = bouncer!.through(schema!.directUrl);
    const started = await Promise.allSettled(
      // Readiness follows the store at once (no READINESS_STORE_GRACE), as the last test wants.
      Array.from({ length: 3 }, async () =>
        startServerProcess(await freshDataFile(), { DATABASE_URL: url, READINESS_STORE_GRACE: '0s' }),
      ),
    );
    instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []))).to.deep.equal(
      [],
    );
    services = instances.map((instance) => instance.service);
    for (const service of services) expect((await call(service, 'GET', '/readyz')).status).to.equal(200);
    const versions = await admin(
      (client) => client.query('SELECT version FROM schema_migrations ORDER BY version'),
      schema!.directUrl,
    );
    expect(versions.rows.map((row: { version: number }) => row.version)).to.deep.equal([1, 2, 3]);
  });

  it('when 240 mixed writes go through at 8 at a time across the instances, then every one succeeds and reads back', async () => {
    const writes = Array.from({ length: 240 }, (_, index) => aMixedWrite(index));
    const replies = await inTurn(writes.length, 8, (index) => writes[index]!.send(services[index % 3]!));
    const failed = replies.flatMap((reply, index) =>
      reply.status < 300 ? [] : [`${index}: ${reply.status} ${JSON.stringify(reply.body)}`],
    );
    expect(failed).to.deep.equal([]);
    await inTurn(writes.length, 8, (index) => writes[index]!.readBack(services[(index + 1) % 3]!));
  });

  it('when the instances can no longer write their records (UPDATE revoked), then /readyz is 503 on each, and 200 again once they can', async () => {
    // The service's role owns the tables: it can take its own right away, in this schema alone.
    const rights = (change: 'GRANT' | 'REVOKE') =>
      admin(
        (client) => client.query(`${change} UPDATE ON records ${change === 'GRANT' ? 'TO' : 'FROM'} CURRENT_USER`),
        schema!.directUrl,
      );
    await rights('REVOKE');
    try {
      for (const service of services) expect((await call(service, 'GET', '/readyz')).status).to.equal(503);
    } finally {
      await rights('GRANT');
    }
    for (const service of services) expect((await call(service, 'GET', '/readyz')).status).to.equal(200);
  });
});
