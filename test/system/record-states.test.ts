import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { SCENARIO_CLOCK } from '../../src/sandbox/scenarios.js';
import { SessionClock } from '../../src/sandbox/session-clock.js';
import { verifyChanged } from '../helpers/changed-service.js';
import { call, type CallOptions } from '../helpers/client.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';
import { inSession, verify } from '../helpers/verify-consumer.js';

const SEEDED_STREAM = '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e';
const INBOX = new SessionClock({ clock: SCENARIO_CLOCK, seed: 'scenario/busy-inbox' }).newId();

/** The recording's lines, each parsed. */
async function linesOf(file: string): Promise<Record<string, unknown>[]> {
  return (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('make record in front of a sandbox session keeps the state it started from', function () {
  this.timeout(180_000);
  let folder: string;
  let sandbox: Service;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'record-states-'));
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** Records what `flow` sends through make record in front of the sandbox; the file. */
  async function record(name: string, flow: (proxy: Service) => Promise<void>): Promise<string> {
    const file = join(folder, name);
    const recorder: Recorder = await startRecorder(sandbox.url, file);
    try {
      await flow(recorder.proxy);
    } finally {
      await recorder.stop();
    }
    return file;
  }
  const through =
    (proxy: Service, session?: string) =>
    async (method: string, path: string, options: CallOptions = {}) => {
      const headers = session === undefined ? options.headers : { 'x-sandbox-session': session, ...options.headers };
      const reply = await call(proxy, method, path, { ...options, ...(headers ? { headers } : {}) });
      expect(reply.status, `${method} ${path}`).to.be.below(300);
      return reply;
    };

  describe("the default session, on the examples' seed, beside a scenario session reset twice", () => {
    let file: string;
    before(async () => {
      file = await record('two-sessions.ndjson', async (proxy) => {
        const seeded = through(proxy); // no header: the session default
        const scenarios = through(proxy, 'scenarios');
        await seeded('GET', '/api/notifications/devices');
        await scenarios('POST', '/sandbox/reset', { body: { scenario: 'busy-inbox', clock: '2026-02-01T10:00:00Z' } });
        await seeded('GET', '/api/streams/nav');
        await scenarios('GET', `/api/streams/${INBOX}`);
        await seeded('PATCH', '/api/streams/nav', { body: { pinnedStreamIds: [SEEDED_STREAM] } });
        await scenarios('PUT', '/api/chat/reads', { body: { streamId: INBOX, lastReadMessageId: INBOX } });
        await seeded('GET', `/api/streams/${SEEDED_STREAM}`);
        await scenarios('POST', '/sandbox/reset', { body: { scenario: 'many-devices' } });
        await scenarios('GET', '/api/notifications/devices?limit=10');
      });
    });

    it('when recorded, then each session starts with the state its segment started from, and each reset starts another', async () => {
      const lines = await linesOf(file);
      const shown = lines.map((line) => {
        const { segment, session, request } = line as {
          segment?: { session: string; state?: { from: string; scenario?: string; clock?: string; steps: unknown[] } };
          session?: string;
          request?: { method: string; path: string };
        };
        if (!segment) return `${session} ${request?.method} ${request?.path}`;
        const { from, scenario, clock, steps } = segment.state ?? { steps: [] };
        return `${segment.session} from ${[from, scenario, clock].filter(Boolean).join(' ')}, ${steps.length} steps`;
      });
      const seed = (lines[0]?.segment as { state: { steps: unknown[] } }).state.steps.length;
      expect(seed).to.be.above(5);
      expect(shown).to.deep.equal([
        `default from examples, ${seed} steps`,
        'default GET /api/notifications/devices',
        `scenarios from examples, ${seed} steps`,
        'scenarios POST /sandbox/reset',
        'scenarios from scenario busy-inbox 2026-02-01T10:00:00Z, 200 steps',
        'default GET /api/streams/nav',
        `scenarios GET /api/streams/${INBOX}`,
        'default PATCH /api/streams/nav',
        'scenarios PUT /api/chat/reads',
        `default GET /api/streams/${SEEDED_STREAM}`,
        'scenarios POST /sandbox/reset',
        'scenarios from scenario many-devices, 100 steps',
        'scenarios GET /api/notifications/devices?limit=10',
      ]);
    });

    it('when verified against an unchanged service, then every step holds, each session from its own state', async () => {
      expect(await verify(file)).to.deep.equal({
        code: 0,
        status: 0,
        output: `7 of 7 steps of ${file} as the consumer saw them against this service on a fresh store\n`,
      });
    });

    it("when the service answers a step with another status, then it fails naming that step (the seed's devices, a scenario's write)", async () => {
      const devices = await verifyChanged(file, (method, path) =>
        method === 'GET' && path === '/api/notifications/devices' ? 500 : undefined,
      );
      expect(devices.output)
        .to.contain('step 1 (GET /api/notifications/devices): status 500, the consumer saw 200\n')
        .and.to.contain('6 of 7 steps');
      const reads = await verifyChanged(file, (method) => (method === 'PUT' ? 202 : undefined));
      expect(reads.status).to.equal(1);
      expect(reads.output).to.contain('step 6 (PUT /api/chat/reads): status 202, the consumer saw 200\n');
    });
  });

  describe('a session that had served requests before the recording began', () => {
    let file: string;
    before(async () => {
      await inSession(sandbox, 'early')('PATCH', '/api/streams/nav', { body: { sort: 'by-name' } });
      file = await record('early.ndjson', async (proxy) => {
        const early = through(proxy, 'early');
        await early('GET', '/api/streams/nav');
        await early('POST', '/sandbox/reset');
        await early('GET', '/api/streams/nav');
      });
    });

    it('when recorded, then its segment says how many, and a reset through the recorder starts one from a known state', async () => {
      const segments = (await linesOf(file)).flatMap(({ segment }) =>
        segment ? [segment as { before?: number; state?: { from: string } }] : [],
      );
      expect(segments.map(({ before, state }) => [before, state?.from])).to.deep.equal([
        [1, 'examples'],
        [undefined, 'examples'],
      ]);
    });

    it('when verified, then a line says that segment is left out and why, and the one after the reset is replayed', async () => {
      expect(await verify(file)).to.deep.equal({
        code: 0,
        status: 0,
        output:
          "Session early's segment at line 1 of the recording (1 request) is left out: the session had served 1 request since its last reset before the recording began, so the state it relied on is not known (reset it through make record, POST /sandbox/reset, to record from a known state).\n" +
          `1 of 1 steps of ${file} as the consumer saw them against this service on a fresh store\n`,
      });
    });
  });

  describe('a session the sandbox drops for room while it is recorded', () => {
    let file: string;
    let crowded: Service;
    before(async () => {
      crowded = await startSandbox({ sessions: { max: 1, idleMs: 200 } });
      file = join(folder, 'dropped.ndjson');
      const recorder: Recorder = await startRecorder(crowded.url, file);
      try {
        const mine = through(recorder.proxy, 'mine');
        await mine('PATCH', '/api/streams/nav', { body: { sort: 'by-name' } });
        await sleep(300); // idle: its place may go
        await through(recorder.proxy, 'theirs')('PATCH', '/api/streams/nav', { body: { sort: 'theirs' } });
        await sleep(300);
        expect((await mine('GET', '/api/streams/nav')).headers.get('x-sandbox-session-dropped')).to.match(
          /; 1 request logged; /,
        );
      } finally {
        await recorder.stop();
        await crowded.close();
      }
    });

    it('when its next answer says it was dropped, then a segment from the seed, naming the drop, comes before that exchange', async () => {
      const shown = (await linesOf(file)).map(({ segment, session, request }) => {
        const part = segment as { session: string; state?: { from: string }; dropped?: string } | undefined;
        if (!part) return `${session as string} ${(request as { method: string }).method}`;
        return `${part.session} from ${part.state?.from}${part.dropped ? ', dropped' : ''}`;
      });
      expect(shown).to.deep.equal([
        'mine from examples',
        'mine PATCH',
        'theirs from examples',
        'theirs PATCH',
        'mine from examples, dropped',
        'mine GET',
      ]);
    });

    it('when verified against an unchanged service, then the read after the drop is replayed from the seed', async () => {
      expect(await verify(file)).to.deep.equal({
        code: 0,
        status: 0,
        output: `3 of 3 steps of ${file} as the consumer saw them against this service on a fresh store\n`,
      });
    });
  });
});
