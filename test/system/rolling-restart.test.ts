import { once } from 'node:events';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { freePort, haproxyMissing, startHaproxy, type Balancer } from '../helpers/haproxy.js';
import { needs } from '../helpers/needs.js';
import { freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { freshDataFile, type Service } from '../helpers/service.js';
import { SteadyLoad } from '../helpers/steady-load.js';

describe('a rolling restart behind HAProxy: three instances on one PostgreSQL, restarted one after another under load', function () {
  this.timeout(180_000);
  let schema: Schema | undefined;
  let balancer: Balancer | undefined;
  const instances: ServerProcess[] = [];

  before(async function () {
    needs(this, haproxyMissing());
    if (await postgresUnavailable()) this.skip();
    schema = await freshSchema();
  });
  after(async () => {
    await balancer?.stop();
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
    await schema?.drop();
  });

  /** An instance on `port`, stopping as deployed: readiness off for 2 s (the balancer needs 0.5 s to see it) before its listener closes. */
  const startOn = async (port: number) =>
    startServerProcess(await freshDataFile(), {
      DATABASE_URL: schema!.url,
      PORT: String(port),
      SHUTDOWN_DELAY: '2',
      SHUTDOWN_TIMEOUT: '30',
    });

  it(
    'when each instance gets SIGTERM and is started again, once the balancer has the last one back, then no request fails and every ' +
      'acknowledged write reads back',
    async () => {
      const ports = [await freePort(), await freePort(), await freePort()];
      for (const port of ports) instances.push(await startOn(port));
      balancer = await startHaproxy(ports);
      for (const index of ports.keys()) await balancer.waitFor(index, 'UP');
      const entry: Service = { url: balancer.url, dataFile: '', close: async () => {} };
      const load = new SteadyLoad(entry, 8, 'rolling');

      for (const [index, port] of ports.entries()) {
        const before = load.writes;
        const old = instances[index]!;
        const exited = once(old.child, 'exit');
        old.child.kill('SIGTERM');
        await balancer.waitFor(index, 'DOWN');
        expect((await exited)[0], `instance ${index} exits 0`).to.equal(0);
        instances[index] = await startOn(port);
        await balancer.waitFor(index, 'UP');
        expect(load.writes, 'writes went on during the restart').to.be.greaterThan(before);
      }
      await load.stop();

      expect(load.failures, 'failed requests').to.deep.equal([]);
      expect(load.writes).to.be.greaterThan(100);
      for (const [writer, sequence] of load.acked.entries()) {
        const stored = await call(entry, 'GET', load.path(writer));
        expect(stored.body.settings.sequence, `writer ${writer}`).to.equal(sequence);
      }
    },
  );
});
