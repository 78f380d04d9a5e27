import { once } from 'node:events';
import { Agent, request, type IncomingMessage } from 'node:http';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { readLogs, type Logs } from '../helpers/logs.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

/** A PATCH whose body is sent in two parts: the first now, the rest when `finish` is called. */
function patchInTwoParts(
  server: ServerProcess,
  path: string,
  patch: unknown,
): { finish(): Promise<{ status: number; body: string; connection?: string }> } {
  const body = JSON.stringify({ patch });
  const req = request(`${server.service.url}${path}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  const answered = once(req, 'response') as Promise<[IncomingMessage]>;
  req.on('error', () => {});
  req.write(body.slice(0, 10));
  return {
    async finish() {
      req.end(body.slice(10));
      const [response] = await answered;
      let text = '';
      for await (const chunk of response) text += String(chunk);
      return {
        status: response.statusCode ?? 0,
        body: text,
        ...(response.headers.connection ? { connection: response.headers.connection } : {}),
      };
    },
  };
}

/** A GET on a kept-alive connection of `agent`: its status and its Connection header. */
async function getKeptAlive(
  server: ServerProcess,
  agent: Agent,
  path: string,
): Promise<{ status: number; connection: string | undefined }> {
  const req = request(`${server.service.url}${path}`, { agent });
  req.end();
  const [response] = (await once(req, 'response')) as [IncomingMessage];
  response.resume();
  await once(response, 'end');
  return { status: response.statusCode ?? 0, connection: response.headers.connection };
}

const said = (logs: Logs, pattern: RegExp) => logs.waitFor((line) => pattern.test(String(line.msg)));

describe('graceful shutdown: readiness first, then the listener, then requests in flight (SHUTDOWN_DELAY, SHUTDOWN_TIMEOUT)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `when ${signal} arrives, then /readyz is 503 at once while everything else is served; after the delay new connections are refused, ` +
        'kept-alive ones are told to close, the request in flight completes and is stored, and the exit code is 0',
      async () => {
        const dataFile = await freshDataFile();
        const server = await startServerProcess(dataFile, { SHUTDOWN_DELAY: '3', SHUTDOWN_TIMEOUT: '20' });
        const logs = readLogs(server.child);
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        expect(await getKeptAlive(server, agent, '/healthz')).to.deep.equal({ status: 200, connection: 'keep-alive' });
        const inFlight = patchInTwoParts(server, '/api/identity/settings/shutdown', { finished: 'after the signal' });
        const exited = once(server.child, 'exit');

        server.child.kill(signal);
        await said(logs, /\/readyz answers 503 from now/);
        const ready = await call(server.service, 'GET', '/readyz');
        expect([ready.status, ready.body.type]).to.deep.equal([503, 'urn:problem:collab:stopping']);
        const written = await call(server.service, 'PATCH', '/api/streams/nav', { body: { sort: 'during the delay' } });
        expect(written.status, 'a new connection during the delay is served').to.equal(200);

        await said(logs, /^Listener closed/);
        const refused = await call(server.service, 'GET', '/healthz').then(
          () => false,
          () => true,
        );
        expect(refused, 'a new connection after the delay is refused').to.equal(true);
        const { status, body } = await inFlight.finish();
        expect([status, JSON.parse(body).settings]).to.deep.equal([200, { finished: 'after the signal' }]);
        const [code] = await exited;
        expect(code).to.equal(0);
        expect(
          logs
            .lines()
            .map((line) => line.msg)
            .at(-1),
        ).to.match(/^Stopped: every request answered/);
        agent.destroy();

        const again = await startServerProcess(dataFile);
        try {
          expect((await call(again.service, 'GET', '/api/identity/settings/shutdown')).body.settings).to.deep.equal({
            finished: 'after the signal',
          });
          expect((await call(again.service, 'GET', '/api/streams/nav')).body.sort).to.equal('during the delay');
        } finally {
          await stop(again, 'SIGTERM');
        }
      },
    );
  }

  it('when the listener closes, then idle kept-alive connections are closed, and an answer still owed carries Connection: close', async () => {
    const server = await startServerProcess(await freshDataFile(), { SHUTDOWN_DELAY: '0', SHUTDOWN_TIMEOUT: '20' });
    const logs = readLogs(server.child);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const inFlight = patchInTwoParts(server, '/api/identity/settings/kept', { a: 1 });
    expect((await getKeptAlive(server, agent, '/healthz')).connection).to.equal('keep-alive');
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await said(logs, /^Listener closed/);
    expect(
      await getKeptAlive(server, agent, '/healthz').catch((error: Error) => error.message),
      'idle kept-alive connections are closed',
    ).to.be.oneOf([
      'socket hang up',
      'read ECONNRESET',
      'connect ECONNREFUSED 127.0.0.1:' + new URL(server.service.url).port,
    ]);
    const answer = await inFlight.finish();
    expect([answer.status, answer.connection]).to.deep.equal([200, 'close']);
    expect((await exited)[0]).to.equal(0);
    agent.destroy();
  });

  it('when a request is still in flight after SHUTDOWN_TIMEOUT, then its connection is cut and the process still exits 0', async () => {
    const server = await startServerProcess(await freshDataFile(), { SHUTDOWN_DELAY: '0', SHUTDOWN_TIMEOUT: '1' });
    const logs = readLogs(server.child);
    const inFlight = patchInTwoParts(server, '/api/identity/settings/never', { never: 'finished' });
    await call(server.service, 'GET', '/healthz'); // the request above has arrived
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    expect((await exited)[0]).to.equal(0);
    expect(logs.lines().map((line) => String(line.msg))).to.include(
      'Requests still in flight after 1 s: their connections are cut',
    );
    expect(
      await inFlight.finish().then(
        () => 'answered',
        () => 'cut',
      ),
    ).to.equal('cut');
  });

  it('when a second signal arrives during the shutdown, then the process exits at once with 1', async () => {
    const server = await startServerProcess(await freshDataFile(), { SHUTDOWN_DELAY: '60' });
    const logs = readLogs(server.child);
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await said(logs, /\/readyz answers 503 from now/);
    server.child.kill('SIGTERM');
    expect((await exited)[0]).to.equal(1);
  });
});
