import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { readLogs } from '../helpers/logs.js';
import { refusedStart, startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

describe('start-up: configuration that says what is wrong', () => {
  it('when the port is in use, then the server refuses in one line, without a stack, and exits 1', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stderr } = await refusedStart(await freshDataFile(), { PORT: String(port) });
      expect([code, stderr]).to.deep.equal([
        1,
        `Refusing to start: port ${port} on 127.0.0.1 is in use by another process; set PORT to another.\n`,
      ]);
    } finally {
      taken.close();
    }
  });

  it('when a variable looks like a misspelt setting, then a warning line at start-up names it and its likely meaning, and the server serves', async () => {
    const server = await startServerProcess(await freshDataFile(), { RATE_LIMT_WRITES: '5' });
    try {
      const logs = readLogs(server.child);
      const logged = [...server.output().split('\n'), ...logs.lines().map((line) => JSON.stringify(line))].join('\n');
      expect(logged).to.contain(
        'RATE_LIMT_WRITES is not a setting of this service and is ignored; did you mean RATE_LIMIT_WRITES?',
      );
    } finally {
      await stop(server, 'SIGTERM');
    }
  });
});
