import { expect } from 'chai';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.js';
import { call } from '../helpers/client.js';
import { aDevice } from '../helpers/factories.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';
import { startService, type Service } from '../helpers/service.js';

describe('GET /readyz on PostgreSQL: ready means able to write', function () {
  let schema: Schema | undefined;
  let service: Service | undefined;
  before(async function () {
    if (await postgresUnavailable()) this.skip();
    schema = await freshSchema(); // through PgBouncer under npm run test:pgbouncer
    service = await startService({ store: await openPostgresStore(schema.url) });
  });
  after(async () => {
    await service?.close();
    await schema?.drop();
  });
  // The service's role owns the tables: it can take its own rights away, in this schema alone.
  const rights = (change: 'GRANT' | 'REVOKE') =>
    admin(
      (client) => client.query(`${change} UPDATE ON records ${change === 'GRANT' ? 'TO' : 'FROM'} CURRENT_USER`),
      schema!.directUrl,
    );

  it('when the store can no longer write its records (UPDATE revoked) though it still reads, then /readyz is 503, and 200 again once it can', async () => {
    expect((await call(service!, 'GET', '/readyz')).status).to.equal(200);
    await rights('REVOKE');
    try {
      expect(
        (await call(service!, 'PUT', '/api/notifications/devices', { body: aDevice() })).status,
        'a write',
      ).to.be.at.least(500);
      expect((await call(service!, 'GET', '/api/notifications/devices')).status, 'a read').to.equal(200);
      const ready = await call(service!, 'GET', '/readyz');
      expect(ready.status).to.equal(503);
      expect(ready.body).to.include({ type: 'urn:problem:collab:unavailable', status: 503 });
    } finally {
      await rights('GRANT');
    }
    expect((await call(service!, 'GET', '/readyz')).status).to.equal(200);
    expect((await call(service!, 'PUT', '/api/notifications/devices', { body: aDevice() })).status, 'a write').to.equal(
      201,
    );
  });
});
