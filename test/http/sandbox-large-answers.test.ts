import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { call, type CallOptions } from '../helpers/client.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';
import { until } from '../helpers/until.js';

// The answers that hold a whole session (its state, its description, its log) are made in one piece: a few at once
// (SANDBOX_LARGE_ANSWERS), and a reader that takes nothing is cut off (SANDBOX_SEND_IDLE).

const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});

/** GET /sandbox/state of `session` from a client that never reads: the socket, and whether it saw the server close it. */
function stalledReader(sandbox: Service, session: string): { socket: Socket; closed: () => boolean } {
  const { hostname, port } = new URL(sandbox.url);
  const socket = connect(Number(port), hostname).pause();
  let closed = false;
  socket.on('close', () => (closed = true)).on('error', () => (closed = true));
  socket.write(`GET /sandbox/state HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Sandbox-Session: ${session}\r\n\r\n`);
  return { socket, closed: () => closed };
}

describe("the sandbox's answers that hold a whole session", function () {
  this.timeout(120_000);
  let sandbox: Service;
  const sockets: Socket[] = [];
  before(async () => {
    sandbox = await startSandbox({ streams: { largeAnswers: 2, sendIdleMs: 3000 } });
    // About 20 MB of state: more than loopback's socket buffers take, so a reader that never reads holds its answer.
    for (let n = 0; n < 22; n++) {
      const made = await call(
        sandbox,
        'POST',
        '/api/streams',
        in_('big', { body: { title: `${n} ${'x'.repeat(900_000)}` } }),
      );
      expect(made.status).to.equal(201);
    }
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    await sandbox.close();
  });

  it('when SANDBOX_LARGE_ANSWERS - 1 readers never read, then another reader gets the whole state', async () => {
    const one = stalledReader(sandbox, 'big');
    sockets.push(one.socket);
    const state = await call(sandbox, 'GET', '/sandbox/state', in_('big'));
    expect(state.status).to.equal(200);
    expect(state.body.streams.filter(({ title }: { title: string }) => title.endsWith('xxx'))).to.have.length(22);
  });

  it('when SANDBOX_LARGE_ANSWERS readers never read, then another is 503 overloaded with Retry-After, until SANDBOX_SEND_IDLE cuts them off', async () => {
    const stalled = [stalledReader(sandbox, 'big'), stalledReader(sandbox, 'big')];
    sockets.push(...stalled.map(({ socket }) => socket));
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    await until(async () => {
      const reply = await call(sandbox, 'GET', '/sandbox/session', in_('big'));
      if (reply.status === 503) refused = reply;
      return refused !== undefined || stalled.some(({ closed }) => closed());
    }, 20);
    expect(refused?.body).to.include({ type: 'urn:problem:collab:overloaded', status: 503 });
    expect(refused?.body.detail).to.include('SANDBOX_LARGE_ANSWERS');
    expect(refused?.headers.get('retry-after')).to.equal('1');
    let again: Awaited<ReturnType<typeof call>> | undefined;
    await until(async () => (again = await call(sandbox, 'GET', '/sandbox/session', in_('big'))).status === 200, 100);
    expect(again?.body.name).to.equal('big');
  });
});
