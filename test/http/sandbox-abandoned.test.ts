import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { call, type CallOptions } from '../helpers/client.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

// A client that leaves before its answer does not stop its request: the write lands, so the log and the session's
// place must say what was answered, once it was, never the 200 a response starts with.

const in_ = (session: string, options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': session, ...options.headers },
});

/** Sends a whole POST /api/streams in `session` and closes the connection after `leaveAfterMs`, reading nothing. */
async function sendAndLeave(sandbox: Service, session: string, title: string, extra: string, leaveAfterMs: number) {
  const { hostname, port } = new URL(sandbox.url);
  const body = JSON.stringify({ title });
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const head =
    `POST /api/streams HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
    `X-Sandbox-Session: ${session}\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  await new Promise((resolve) => socket.write(head + body, resolve)); // all of it handed to the kernel
  await sleep(leaveAfterMs);
  socket.destroy();
}

/** The session's log, newest first, once it holds `count` requests (asked every 50 ms, for at most 20 s). */
async function logOnce(sandbox: Service, session: string, count: number) {
  for (let asked = 0; asked < 400; asked++) {
    const items = (await call(sandbox, 'GET', '/sandbox/requests', in_(session))).body.items as {
      status: number;
      path: string;
      response?: { id?: string; title?: string };
      problem?: { detail?: string };
    }[];
    if (items.length >= count) return items;
    await sleep(50);
  }
  throw new Error(`the log of ${session} never held ${count} requests`);
}

describe('the sandbox: a client that leaves before its answer', function () {
  this.timeout(60_000);
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  it('when the first request of a new session is a write whose client leaves at once, then the log says what it was answered (201 and the stream kept, or 400 as its body was never read), never 200, and only a kept stream counts the session written', async () => {
    let kept = 0;
    for (let round = 0; round < 10; round++) {
      const session = `left-${round}`;
      await sendAndLeave(sandbox, session, `kept ${round}`, '', 0);
      const [logged] = await logOnce(sandbox, session, 1);
      if (logged?.status === 201) {
        kept++;
        const stream = await call(sandbox, 'GET', `/api/streams/${logged.response?.id}`, in_(session));
        expect([stream.status, stream.body.title]).to.deep.equal([200, `kept ${round}`]);
      } else {
        expect([logged?.status, logged?.problem?.detail], `round ${round}`).to.deep.equal([
          400,
          'The request body ended early.',
        ]);
      }
    }
    const described = await call(sandbox, 'GET', '/sandbox/session', in_('left-0'));
    expect(described.body.sessions.written).to.equal(kept);
  });

  it('when a delayed write is left before its answer, then nothing is logged until it is answered, and then its 201', async () => {
    const session = 'left-delayed';
    await call(sandbox, 'GET', '/api/streams/nav', in_(session)); // the session exists, read only
    await sendAndLeave(sandbox, session, 'delayed', 'Prefer: delay=1500\r\n', 200);
    const [first] = await logOnce(sandbox, session, 1);
    expect(first?.path).to.equal('/api/streams/nav'); // the write is not logged while it waits
    const [last] = await logOnce(sandbox, session, 2);
    expect([last?.path, last?.status, last?.response?.title]).to.deep.equal(['/api/streams', 201, 'delayed']);
  });
});
