import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { SCENARIO_CLOCK } from '../../src/sandbox/scenarios.js';
import { SessionClock } from '../../src/sandbox/session-clock.js';
import { verifyChanged } from '../helpers/changed-service.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';
import { exportTo, inSession, verify } from '../helpers/verify-consumer.js';

const SEEDED_STREAM = '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e';
const DRAFT = '/api/cycles/templates/0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b/draft';

describe('make verify-consumer: expectations keep their headers and starting states', function () {
  this.timeout(180_000);
  let sandbox: Service;
  let folder: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'expectations-'));
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  });

  describe('a flow with a stale If-Match (412), a current one (200), If-None-Match (304) and a keyed replay', () => {
    let file: string;
    before(async () => {
      const send = inSession(sandbox, 'conditional');
      const read = await send('GET', '/api/notifications/settings');
      const tag = read.headers.get('etag') ?? '';
      const current = await send('PATCH', '/api/notifications/settings', {
        body: { sound: 'quack' },
        headers: { 'if-match': tag },
      });
      await send('PATCH', '/api/notifications/settings', { body: { sound: 'boing' }, headers: { 'if-match': tag } });
      await send('GET', '/api/notifications/settings', {
        headers: { 'if-none-match': current.headers.get('etag') ?? '' },
      });
      const key = { 'idempotency-key': '"checkout-1"' };
      const created = await send('POST', '/api/streams', { body: { title: 'Once' }, headers: key });
      await send('POST', '/api/streams', { body: { title: 'Once' }, headers: key });
      await send('GET', `/api/streams/${created.body.id}`);
      ({ file } = await exportTo(sandbox, 'conditional', folder, 'conditional.json'));
    });

    it('when exported, then each step keeps the headers that chose its answer and the ETag and Location it got', async () => {
      const { document } = await exportTo(sandbox, 'conditional', folder, 'again.json');
      const [{ state, expectations }] = document.segments as [(typeof document.segments)[0]];
      expect(state?.from).to.equal('examples');
      expect(
        expectations.map(({ request, response }) => [
          request.method,
          Object.keys(request.headers ?? {}),
          response.status,
        ]),
      ).to.deep.equal([
        ['GET', [], 200],
        ['PATCH', ['content-type', 'if-match'], 200],
        ['PATCH', ['content-type', 'if-match'], 412],
        ['GET', ['if-none-match'], 304],
        ['POST', ['content-type', 'idempotency-key'], 201],
        ['POST', ['content-type', 'idempotency-key'], 201],
        ['GET', [], 200],
      ]);
      expect(expectations[0]?.response.headers.etag).to.equal(expectations[1]?.request.headers['if-match']);
      expect(expectations[4]?.response.headers.location).to.equal(`/api/streams/${expectations[4]?.response.body.id}`);
      expect(expectations[5]?.response.body.id, 'the replay').to.equal(expectations[4]?.response.body.id);
    });

    it('when the service still answers so, then every step verifies: its own ETags sent, the key replayed', async () => {
      const { code, output } = await verify(file);
      expect([code, output]).to.deep.equal([
        0,
        `7 of 7 steps of ${file} as the consumer saw them against this service on a fresh store\n`,
      ]);
    });

    it('when the service stops honouring If-Match, then it fails naming the step', async () => {
      const { code, output } = await verifyChanged(file, (method) => (method === 'PATCH' ? 200 : undefined));
      expect(code).to.not.equal(0);
      expect(output).to.contain('step 3 (PATCH /api/notifications/settings): status 200, the consumer saw 412\n');
    });
  });

  describe("a session on the examples' seed (every session's default)", () => {
    let file: string;
    before(async () => {
      const send = inSession(sandbox, 'seeded');
      await send('GET', '/api/streams/nav');
      await send('GET', `/api/streams/${SEEDED_STREAM}`);
      await send('GET', '/api/notifications/settings');
      await send('GET', '/api/notifications/devices');
      await send('GET', DRAFT);
      await send('GET', '/api/identity/settings/profile');
      await send('GET', `/api/chat/reads/${SEEDED_STREAM}`);
      await send('PATCH', '/api/streams/nav', { body: { pinnedStreamIds: [SEEDED_STREAM] } });
      ({ file } = await exportTo(sandbox, 'seeded', folder, 'seeded.json'));
    });

    it("when verified against an unchanged service, then the seed is written through the API first and every step holds, the seed's ids matched by position", async () => {
      const { code, output } = await verify(file);
      expect([code, output]).to.deep.equal([
        0,
        `8 of 8 steps of ${file} as the consumer saw them against this service on a fresh store\n`,
      ]);
    });

    it('when the service answers a read with another status, then it fails naming that step', async () => {
      const { code, output } = await verifyChanged(file, (method, path) =>
        method === 'GET' && path === '/api/identity/settings/profile' ? 404 : undefined,
      );
      expect(code).to.not.equal(0);
      expect(output)
        .to.contain('step 6 (GET /api/identity/settings/profile): status 404, the consumer saw 200\n')
        .and.to.contain('7 of 8 steps');
    });
  });

  describe('a session on a shipped scenario, reset in the middle to another', () => {
    let file: string;
    const inbox = new SessionClock({ clock: SCENARIO_CLOCK, seed: 'scenario/busy-inbox' }).newId();
    before(async () => {
      const send = inSession(sandbox, 'scenarios');
      await send('POST', '/sandbox/reset', { body: { scenario: 'busy-inbox', clock: '2026-02-01T10:00:00Z' } });
      await send('GET', `/api/streams/${inbox}`);
      await send('PUT', '/api/chat/reads', { body: { streamId: inbox, lastReadMessageId: inbox } });
      await send('GET', `/api/chat/reads/${inbox}`);
      await send('POST', '/sandbox/reset', { body: { scenario: 'many-devices' } });
      await send('GET', '/api/notifications/devices?limit=10');
      ({ file } = await exportTo(sandbox, 'scenarios', folder, 'scenarios.json'));
    });

    it('when exported, then each reset starts a segment naming its scenario, steps included, and its clock', async () => {
      const { document } = await exportTo(sandbox, 'scenarios', folder, 'scenarios-again.json');
      expect(
        document.segments.map(({ state, expectations }) => [
          state?.from,
          state?.scenario,
          state?.clock,
          state?.steps.length,
          expectations.length,
        ]),
      ).to.deep.equal([
        ['scenario', 'busy-inbox', '2026-02-01T10:00:00Z', 200, 3],
        ['scenario', 'many-devices', undefined, 100, 1],
      ]);
      expect(document.segments[0]?.state?.steps[0]?.response).to.deep.include({ status: 201 });
      expect(document.segments[0]?.state?.steps[0]?.response.body.id).to.equal(inbox);
    });

    it("when verified against an unchanged service, then each segment's scenario is built there first and every step holds", async () => {
      const { code, output } = await verify(file);
      expect([code, output]).to.deep.equal([
        0,
        `4 of 4 steps of ${file} as the consumer saw them against this service on a fresh store\n`,
      ]);
    });

    it('when the service answers a write with another status, then it fails naming that step', async () => {
      const { code, output } = await verifyChanged(file, (method) => (method === 'PUT' ? 202 : undefined));
      expect(code).to.not.equal(0);
      expect(output).to.contain('step 2 (PUT /api/chat/reads): status 202, the consumer saw 200\n');
    });
  });

  describe('a session reset to one scenario again and again', () => {
    let file: string;
    before(async () => {
      const send = inSession(sandbox, 'again');
      for (let n = 0; n < 3; n++) {
        await send('POST', '/sandbox/reset', { body: { scenario: 'many-devices' } });
        await send('GET', '/api/notifications/devices?limit=10');
      }
      ({ file } = await exportTo(sandbox, 'again', folder, 'again.json'));
    });

    it('when exported, then its state is written once, and the later segments name the first', async () => {
      const { document } = await exportTo(sandbox, 'again', folder, 'again-2.json');
      const states = document.segments.map(({ state }) => state as unknown as { scenario?: string; sameAs?: number });
      expect(states.map((state) => state.sameAs ?? state.scenario)).to.deep.equal(['many-devices', 0, 0]);
    });

    it('when verified, then each segment is set up from that state and every step holds', async () => {
      expect(await verify(file)).to.deep.equal({
        code: 0,
        status: 0,
        output: `3 of 3 steps of ${file} as the consumer saw them against this service on a fresh store\n`,
      });
    });
  });
});
