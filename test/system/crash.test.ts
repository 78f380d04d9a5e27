import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile, type Service } from '../helpers/service.js';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 12);
const WRITERS = 24;

/** What the service acknowledged, across all rounds. */
interface Acknowledged {
  /** Per identity namespace: the last sequence number acknowledged, and the last one sent. */
  sequences: Map<string, { acked: number; sent: number }>;
  streams: string[];
  /** Per stream: every marker message id sent, in order, and how many of them were acknowledged. */
  markers: Map<string, { sent: string[]; acked: number }>;
}

/** One writer: sequential writes of three kinds until the server goes away. */
async function write(service: Service, writer: number, acked: Acknowledged): Promise<void> {
  const namespace = `writer-${writer}`;
  const streamId = uuid();
  for (;;) {
    const entry = acked.sequences.get(namespace) ?? { acked: 0, sent: 0 };
    acked.sequences.set(namespace, entry);
    try {
      const sequence = ++entry.sent;
      const patched = await call(service, 'PATCH', `/api/identity/settings/${namespace}`, {
        body: { patch: { sequence } },
      });
      if (patched.status !== 200) throw new Error(`PATCH answered ${patched.status}`);
      entry.acked = sequence;
      const created = await call(service, 'POST', '/api/streams', { body: { title: `${namespace} #${sequence}` } });
      if (created.status === 201) acked.streams.push(created.body.id);
      const markers = acked.markers.get(streamId) ?? { sent: [], acked: 0 };
      acked.markers.set(streamId, markers);
      const lastReadMessageId = uuid();
      markers.sent.push(lastReadMessageId);
      const marked = await call(service, 'PUT', '/api/chat/reads', { body: { streamId, lastReadMessageId } });
      if (marked.status === 200) markers.acked = markers.sent.length;
    } catch {
      return; // the server was killed mid-request: whatever was not acknowledged may or may not be stored
    }
  }
}

function acknowledgedCount(acked: Acknowledged): number {
  return [...acked.sequences.values()].reduce((sum, entry) => sum + entry.acked, 0);
}

async function expectEverythingAcknowledged(service: Service, acked: Acknowledged): Promise<void> {
  for (const [namespace, { acked: sequence, sent }] of acked.sequences) {
    if (sequence === 0) continue;
    const reply = await call(service, 'GET', `/api/identity/settings/${namespace}`);
    expect(reply.status, namespace).to.equal(200);
    expect(reply.body.settings.sequence, `${namespace} keeps its last acknowledged write`).to.be.within(sequence, sent);
  }
  for (const id of acked.streams) {
    expect((await call(service, 'GET', `/api/streams/${id}`)).status, `stream ${id}`).to.equal(200);
  }
  for (const [streamId, { sent, acked: count }] of acked.markers) {
    if (count === 0) continue;
    const reply = await call(service, 'GET', `/api/chat/reads/${streamId}`);
    expect(reply.body.items, `one marker in ${streamId}`).to.have.length(1);
    expect(sent.slice(count - 1), `marker in ${streamId} is the last acknowledged or a later one`).to.include(
      reply.body.items[0].lastReadMessageId,
    );
  }
}

describe('crash safety (SIGKILL during concurrent writes)', function () {
  this.timeout(ROUNDS * 15_000);

  it(`when the server is killed at random moments ${ROUNDS} times, then every acknowledged change survives`, async () => {
    const dataFile = await freshDataFile();
    const acked: Acknowledged = { sequences: new Map(), streams: [], markers: new Map() };
    let server: ServerProcess | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      // Small journal files, so that the kills also land during checkpoints.
      server = await startServerProcess(dataFile, { JOURNAL_CHECKPOINT_BYTES: '16kb' });
      try {
        await expectEverythingAcknowledged(server.service, acked);
        const before = acknowledgedCount(acked);
        const writers = Array.from({ length: WRITERS }, (_, writer) => write(server!.service, writer, acked));
        // Kill only once this round has acknowledged something: however slow the machine, each round tests a crash after writes.
        while (acknowledgedCount(acked) === before) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
        await stop(server, 'SIGKILL');
        await Promise.all(writers);
      } finally {
        await stop(server, 'SIGKILL');
      }
    }
    server = await startServerProcess(dataFile);
    try {
      await expectEverythingAcknowledged(server.service, acked);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });
});
