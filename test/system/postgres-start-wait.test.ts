import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { jsonLines } from '../helpers/logs.js';
import { needs } from '../helpers/needs.js';
import { pgbouncerUnavailable, startPgBouncer, type PgBouncer } from '../helpers/pgbouncer.js';
import { freshSchema, postgresUnavailable, throughAddress, type Schema } from '../helpers/postgres.js';
import { freePort } from '../helpers/private-postgres.js';
import { refusedStart, startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

/**
 * STORE_START_TIMEOUT: a service started before its PgBouncer (compose on podman ignores start order; a name not
 * registered yet) waits for it with back-off rather than exiting into a restart loop, and refuses once the wait is
 * over, or at once for what only the operator can fix.
 */
describe('start-up waits for PostgreSQL not up yet (STORE_START_TIMEOUT)', function () {
  this.timeout(120_000);
  let schema: Schema | undefined;
  let bouncer: PgBouncer | undefined;
  let server: ServerProcess | undefined;
  before(async function () {
    needs(this, await postgresUnavailable());
    needs(this, pgbouncerUnavailable());
    schema = await freshSchema();
  });
  afterEach(async () => {
    if (server) await stop(server, 'SIGTERM');
    await bouncer?.stop();
    [server, bouncer] = [undefined, undefined];
  });
  after(async () => schema?.drop());

  it('when PgBouncer starts after the service, within the wait, then the service says each wait in one line, waits longer each time, and serves once it is up', async () => {
    const port = await freePort();
    let firstWait!: () => void;
    const waiting = new Promise<void>((resolve) => (firstWait = resolve));
    const starting = startServerProcess(
      await freshDataFile(),
      { DATABASE_URL: throughAddress(schema!.directUrl, `127.0.0.1:${port}`), STORE_START_TIMEOUT: '90s' },
      (output) => output.includes('is not up yet') && firstWait(),
    );
    await Promise.race([waiting, starting]); // a service that does not wait exits, and fails this at once
    bouncer = await startPgBouncer('transaction', { port });
    server = await starting;
    const created = await call(server.service, 'PATCH', '/api/identity/settings/late', { body: { patch: { a: 1 } } });
    expect(created.status).to.equal(200);
    expect((await call(server.service, 'GET', '/api/identity/settings/late')).body.settings).to.deep.equal({ a: 1 });

    const waits = jsonLines(server).filter((line) => /is not up yet/.test(line.msg));
    expect(waits.length).to.be.at.least(1);
    const seconds = waits.map((line) => Number(/trying again in ([\d.]+) s/.exec(line.msg)![1]));
    expect(seconds[0]).to.equal(0.25);
    for (let n = 1; n < seconds.length; n++) expect(seconds[n]).to.be.within(seconds[n - 1]!, 5);
    expect(waits[0]!.level).to.equal(40); // warn
    expect(waits[0]!.msg).to.match(
      new RegExp(
        `^PostgreSQL at postgresql://127\\.0\\.0\\.1:${port}/\\S+ is not up yet \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\): ` +
          `trying again in 0\\.25 s, for up to 90 s from start \\(STORE_START_TIMEOUT\\)$`,
      ),
    );
  });

  it('when nothing comes up within the wait (2s), then it refuses in one line saying how long it waited; with 0s it refuses at the first failure', async () => {
    const port = await freePort();
    const url = throughAddress(schema!.directUrl, `127.0.0.1:${port}`);
    const waited = await refusedStart(await freshDataFile(), { DATABASE_URL: url, STORE_START_TIMEOUT: '2s' });
    expect(waited.code).to.equal(1);
    const refusal = waited.stderr.trim().split('\n');
    expect(refusal).to.have.length(1);
    expect(refusal[0]).to.match(
      new RegExp(
        `^Refusing to start: cannot use PostgreSQL at postgresql://127\\.0\\.0\\.1:${port}/\\S+: .*ECONNREFUSED.*` +
          ` \\(waited 2 s for it: STORE_START_TIMEOUT\\)$`,
      ),
    );
    const atOnce = await refusedStart(await freshDataFile(), { DATABASE_URL: url, STORE_START_TIMEOUT: '0s' });
    expect(atOnce.code).to.equal(1);
    expect(atOnce.stderr.trim()).to.match(/^Refusing to start: cannot use PostgreSQL at .*ECONNREFUSED[^\n]*$/);
    expect(atOnce.stderr).not.to.contain('waited');
  });

  it('when PostgreSQL refuses the password, then it refuses at once, however long the wait: only the operator can fix that', async () => {
    const wrong = new URL(schema!.directUrl);
    wrong.password = 'not-the-password';
    const refused = await refusedStart(await freshDataFile(), {
      DATABASE_URL: wrong.toString(),
      STORE_START_TIMEOUT: '10m',
    });
    expect(refused.code).to.equal(1);
    expect(refused.stderr.trim()).to.match(
      /^Refusing to start: cannot use PostgreSQL at .*password authentication failed/,
    );
    expect(refused.stderr).not.to.contain('waited');
  });
});
