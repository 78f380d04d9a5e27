import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { expect } from 'chai';
import { startSandboxProcess } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';
import { until } from '../helpers/until.js';

const MiB = 1024 ** 2;
const BUDGET = 64 * MiB;
/** As many sessions as each request may name one unnamed in its event batch: what the streams are sent grows with the requests alone. */
const SESSIONS = 250;
const HEAP = {
  NODE_OPTIONS: '--max-old-space-size=512',
  SANDBOX_SESSIONS: String(SESSIONS),
  SANDBOX_MAX_BYTES: String(BUDGET),
  MAX_IN_FLIGHT_BYTES: '4mb',
  LOG_BUFFER_MAX_BYTES: '1mb',
};
const REQUESTS = 100_000;
const STALLED = 50;
/** Sessions of long names, each named once in an event batch (100 ms): about 90 bytes to every stream a request. */
const names = (kind: string) =>
  Array.from({ length: SESSIONS }, (_, n) => `${kind}-${String(n).padStart(3, '0')}-`.padEnd(64, 'x'));
const status = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** GET /sandbox/events from `address`: a reader of everything it is sent, or (paused) one that never reads. */
function eventStream(url: string, address: string, reads: boolean) {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), localAddress: address });
  let text = '';
  if (reads) socket.setEncoding('utf8').on('data', (chunk: string) => (text = (text + chunk).slice(-4096)));
  else socket.pause();
  socket.on('error', () => undefined); // a stream closed by the sandbox is what is tested
  socket.write(`GET /sandbox/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  return { socket, text: () => text, clear: () => void (text = '') };
}

/** One request on `agent`: its status. */
function send(agent: Agent, url: string, method: string, session: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/streams/nav`,
      {
        method,
        agent,
        headers: { 'x-sandbox-session': session, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume().on('end', () => resolve(res.statusCode ?? 0));
        res.on('close', () => res.complete || reject(new Error(`${method} in ${session}: the answer was cut off`)));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe("the sandbox's event streams, read by no one, under load", function () {
  this.timeout(600_000); // about a minute here

  let sandbox: Service & { pid: number; stop(): Promise<number | null> };
  after(async () => {
    await sandbox.stop();
  });

  it(`when ${STALLED} event streams never read beside ${REQUESTS} requests in a 512 MB heap, then it stays up, its RSS stays within its budget plus 100 MB, the streams are closed and a reader still gets its events`, async () => {
    sandbox = await startSandboxProcess(HEAP);
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const [read, written] = [names('read'), names('written')];
    await send(agent, sandbox.url, 'GET', read[0]!); // warm: the contract's checks compiled, one session made
    const [restRss, restFiles] = [status(sandbox.pid, 'VmRSS'), openFiles(sandbox.pid)];
    const stalled = Array.from({ length: STALLED }, (_, n) =>
      eventStream(sandbox.url, `127.0.0.${10 + (n % 10)}`, false),
    );
    const reader = eventStream(sandbox.url, '127.0.0.2', true);
    await until(() => reader.text().includes('retry: 1000'));
    let [sent, peakFiles] = [0, 0];
    const answered: Record<number, number> = {};
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < REQUESTS) {
          const n = sent++;
          const name = (n % 2 ? written : read)[(n >> 1) % SESSIONS]!;
          const code = await send(
            agent,
            sandbox.url,
            n % 2 ? 'PATCH' : 'GET',
            name,
            n % 2 ? `{"sort":"${n}"}` : undefined,
          );
          answered[code] = (answered[code] ?? 0) + 1;
          if (n % 1000 === 0) peakFiles = Math.max(peakFiles, openFiles(sandbox.pid));
        }
      }),
    );
    expect(answered, 'every request served').to.deep.equal({ 200: REQUESTS });
    const { events } = (await (await fetch(`${sandbox.url}/sandbox/sessions`)).json()) as {
      events: { open: number; closedUnread: number };
    };
    expect(events, 'the readers that never read were closed; the one reading was not').to.deep.equal({
      open: 1,
      closedUnread: STALLED,
    });
    // Still reading: a request now is named to the reader.
    reader.clear();
    expect(await send(agent, sandbox.url, 'GET', written[0]!)).to.equal(200);
    await until(() => reader.text().includes(`data: {"session":"${written[0]}"}\n\n`));
    const peakRss = status(sandbox.pid, 'VmHWM');
    console.log(
      `      RSS at rest ${Math.round(restRss / MiB)} MiB, peak ${Math.round(peakRss / MiB)} MiB; open files at rest ${restFiles}, peak ${peakFiles}`,
    );
    expect(peakRss, 'peak RSS: the heap (512 MiB) and 100 MB beside it').to.be.below(612 * MiB);
    expect(peakFiles, 'open files: the streams, the load and the listener').to.be.below(restFiles + STALLED + 16 + 8);
    for (const { socket } of [...stalled, reader]) socket.destroy();
    agent.destroy();
    expect((await fetch(`${sandbox.url}/healthz`)).status).to.equal(200);
  });
});
