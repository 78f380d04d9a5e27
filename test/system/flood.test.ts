import { expect } from 'chai';
import { flood, startFloodTarget } from '../helpers/flood.js';
import { stop, type ServerProcess } from '../helpers/process.js';
import { rawRequest } from '../helpers/raw.js';

// How fast the other user is served meanwhile is a speed target: npm run bench:flood prints its p99.
describe('one client floods the service; another is still served', function () {
  this.timeout(120_000);
  let server: ServerProcess;
  before(async () => {
    server = await startFloodTarget();
  });
  after(async () => {
    await stop(server, 'SIGTERM');
  });

  it('when one user sends heavy and broken requests on 64 connections, then every write of another user succeeds, and the flood meets the limits', async () => {
    const { attacked, statuses } = await flood(server);
    const summary = `flood: ${JSON.stringify(attacked)}; the other user: ${statuses.length} writes`;
    expect(statuses.length, summary).to.be.at.least(10);
    expect(
      statuses.every((status) => status === 200),
      `every write of the other user succeeded: ${statuses.join(' ')}`,
    ).to.equal(true);
    expect(attacked, 'the flood met the limits').to.have.property('503');
    expect((await rawRequest(server.service, 'GET', '/healthz', {})).status).to.equal(200);
  });
});
