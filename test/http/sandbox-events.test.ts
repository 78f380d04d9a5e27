import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';
import { until } from '../helpers/until.js';

/** GET /sandbox/events from `address`, read until the answer's head is in: its status line, and the socket (left open). */
async function openStream(
  sandbox: Service,
  address = '127.0.0.1',
): Promise<{ status: number; socket: Socket; text: () => string }> {
  const { hostname, port } = new URL(sandbox.url);
  const socket = connect({ host: hostname, port: Number(port), localAddress: address });
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  socket.write(`GET /sandbox/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  await until(() => text.includes('\r\n\r\n'));
  return { status: Number(text.split(' ')[1]), socket, text: () => text };
}
const eventCounts = async (sandbox: Service) =>
  (await call(sandbox, 'GET', '/sandbox/sessions')).body.events as { open: number; closedUnread: number };

describe("the sandbox page's event streams (GET /sandbox/events)", () => {
  let sandbox: Service;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await sandbox.close();
  });

  it('when a client opens SANDBOX_EVENT_STREAMS_PER_CLIENT streams, then all are served; one more is 403 quota-exceeded naming the setting, and another client is served', async () => {
    sandbox = await startSandbox({ streams: { perClient: 3, total: 10 } });
    const opened = [];
    for (let n = 0; n < 3; n++) opened.push(await openStream(sandbox, '127.0.0.3'));
    sockets.push(...opened.map(({ socket }) => socket));
    expect(opened.map(({ status }) => status)).to.deep.equal([200, 200, 200]);
    const past = await openStream(sandbox, '127.0.0.3');
    sockets.push(past.socket);
    expect(past.status).to.equal(403);
    const problem = JSON.parse(
      past
        .text()
        .split('\r\n\r\n')[1]!
        .replace(/^[0-9a-f]+\r\n/, '')
        .split('\r\n')[0]!,
    );
    expect([problem.type, problem.quota, problem.limit, problem.used]).to.deep.equal([
      'urn:problem:collab:quota-exceeded',
      'SANDBOX_EVENT_STREAMS_PER_CLIENT',
      3,
      3,
    ]);
    const other = await openStream(sandbox, '127.0.0.4');
    sockets.push(other.socket);
    expect(other.status).to.equal(200);
    expect(await eventCounts(sandbox)).to.deep.equal({ open: 4, closedUnread: 0 });
  });

  it('when SANDBOX_EVENT_STREAMS are open, then one more is 503 overloaded with Retry-After; a stream closed frees its place', async () => {
    sandbox = await startSandbox({ streams: { perClient: 10, total: 2 } });
    const [first, second] = [await openStream(sandbox), await openStream(sandbox)];
    sockets.push(first.socket, second.socket);
    const past = await openStream(sandbox);
    sockets.push(past.socket);
    expect([first.status, second.status, past.status]).to.deep.equal([200, 200, 503]);
    expect(past.text()).to.match(/\r\nRetry-After: 5\r\n/i);
    expect(past.text()).to.include('SANDBOX_EVENT_STREAMS');
    first.socket.destroy();
    await until(async () => (await eventCounts(sandbox)).open === 1);
    const again = await openStream(sandbox);
    sockets.push(again.socket);
    expect(again.status).to.equal(200);
  });

  it('when the events are asked for with HEAD, then the head alone is answered, and no stream is held', async () => {
    sandbox = await startSandbox({ streams: { perClient: 1 } });
    const head = await fetch(`${sandbox.url}/sandbox/events`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).to.deep.equal([
      200,
      'text/event-stream; charset=utf-8',
      '',
    ]);
    expect(await eventCounts(sandbox)).to.deep.equal({ open: 0, closedUnread: 0 });
  });

  it('when a session logs a request, then an open stream names it', async () => {
    sandbox = await startSandbox();
    const stream = await openStream(sandbox);
    sockets.push(stream.socket);
    await call(sandbox, 'GET', '/api/streams/nav', { headers: { 'x-sandbox-session': 'watched' } });
    await until(() => stream.text().includes('data: {"session":"watched"}'));
  });

  it('when one batch of events is larger than SANDBOX_EVENT_BUFFER, then a stream whose reader keeps up gets all of it and is not closed', async () => {
    sandbox = await startSandbox({ streams: { unsentBytes: 128 } }); // three lines
    const stream = await openStream(sandbox);
    sockets.push(stream.socket);
    const names = Array.from({ length: 60 }, (_, n) => `batched-${n}`); // together: batches of many lines
    await Promise.all(
      names.map((name) => call(sandbox, 'GET', '/api/streams/nav', { headers: { 'x-sandbox-session': name } })),
    );
    await until(() => names.every((name) => stream.text().includes(`data: {"session":"${name}"}`)));
    expect(await eventCounts(sandbox)).to.deep.equal({ open: 1, closedUnread: 0 });
  });
});
