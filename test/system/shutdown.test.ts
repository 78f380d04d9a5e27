import { once } from 'node:events';
import { request } from 'node:http';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { readLogs } from '../helpers/logs.js';
import { startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

describe('graceful shutdown (SIGTERM, SIGINT)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`when ${signal} arrives mid-request, then that request completes, is stored and logged, new connections are refused, and the exit code is 0`, async () => {
      const dataFile = await freshDataFile();
      const server = await startServerProcess(dataFile);
      const logs = readLogs(server.child);
      const body = JSON.stringify({ patch: { finished: 'after the signal' } });
      const inFlight = request(`${server.service.url}/api/identity/settings/shutdown`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'x-request-id': `in-flight-${signal}` },
      });
      const answered = once(inFlight, 'response');
      inFlight.write(body.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 200));

      const exited = once(server.child, 'exit');
      const outputClosed = once(server.child, 'close');
      server.child.kill(signal);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await call(server.service, 'GET', '/healthz').then(() => false, () => true);
      inFlight.end(body.slice(10));
      const [response] = (await answered) as [import('node:http').IncomingMessage];
      let text = '';
      for await (const chunk of response) text += String(chunk);

      expect(response.statusCode).to.equal(200);
      expect(JSON.parse(text).settings).to.deep.equal({ finished: 'after the signal' });
      expect(refused, 'a new connection after the signal is refused').to.equal(true);
      const [code] = await exited;
      expect(code).to.equal(0);
      await outputClosed;
      const lines = logs.lines();
      expect(lines.filter((line) => line.requestId === `in-flight-${signal}`), 'the in-flight request is logged once')
        .to.have.length(1).and.to.have.nested.property('[0].msg', 'request completed');
      expect(lines.map((line) => line.msg).at(-1)).to.match(/^Stopped/);

      const again = await startServerProcess(dataFile);
      try {
        const stored = await call(again.service, 'GET', '/api/identity/settings/shutdown');
        expect(stored.body.settings).to.deep.equal({ finished: 'after the signal' });
      } finally {
        await stop(again, 'SIGTERM');
      }
    });
  }
});
