import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { startService, type Service } from '../helpers/service.js';

const CAP = 256 * 1024;
/** A map of `count` entries whose serialised size is about count × 40 bytes. */
const ranks = (count: number, from = 0) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`stream-${String(from + index).padStart(20, '0')}`, index]),
  );

describe('the document cap (256 KiB serialised)', () => {
  let service: Service;
  beforeEach(async () => {
    service = await startService();
  });
  afterEach(async () => {
    await service.close();
  });

  const expectRefused = (reply: Awaited<ReturnType<typeof call>>) => {
    expect(reply.status).to.equal(413);
    expect(reply.body).to.include({ type: 'urn:problem:collab:document-too-large', status: 413 });
    expect(reply.body.detail).to.contain(`at most ${CAP} bytes (256 KiB)`);
  };

  it('when one identity patch would make the namespace pass 256 KiB, then 413 names the limit and nothing is stored', async () => {
    const reply = await call(service, 'PATCH', '/api/identity/settings/big', {
      body: { patch: { blob: 'x'.repeat(CAP) } },
    });
    expectRefused(reply);
    expect((await call(service, 'GET', '/api/identity/settings/big')).status).to.equal(404);
  });

  it('when patches grow a document past the cap step by step, then the one that passes it is refused and the stored document is the last accepted', async () => {
    const first = await call(service, 'PATCH', '/api/streams/nav', { body: { rankByStreamId: ranks(4000) } });
    expect(first.status).to.equal(200);
    const second = await call(service, 'PATCH', '/api/streams/nav', { body: { rankByStreamId: ranks(4000, 4000) } });
    expectRefused(second);
    const stored = await call(service, 'GET', '/api/streams/nav');
    expect(stored.body).to.deep.equal(first.body);
    expect(Buffer.byteLength(JSON.stringify(stored.body))).to.be.at.most(CAP);
  });

  it('when a patch removes entries to make room, then a document at the cap takes it', async () => {
    await call(service, 'PATCH', '/api/notifications/settings', {
      body: { vips: Object.fromEntries(Object.entries(ranks(4000)).map(([key]) => [key, { bypass: true }])) },
    });
    const removeHalf = Object.fromEntries(Object.keys(ranks(2000)).map((key) => [key, null]));
    const reply = await call(service, 'PATCH', '/api/notifications/settings', {
      body: {
        vips: {
          ...removeHalf,
          ...Object.fromEntries(Object.keys(ranks(1500, 4000)).map((key) => [key, { bypass: false }])),
        },
      },
    });
    expect(reply.status).to.equal(200);
    expect(Object.keys(reply.body.vips)).to.have.length(3500);
  });

  it('when the merged document is exactly at the cap, then it is stored; one byte more is refused', async () => {
    const probe = await call(service, 'PATCH', '/api/identity/settings/edge', { body: { patch: { blob: '' } } });
    const room = CAP - Buffer.byteLength(JSON.stringify(probe.body));
    const atCap = await call(service, 'PATCH', '/api/identity/settings/edge', {
      body: { patch: { blob: 'y'.repeat(room) } },
    });
    expect(atCap.status, JSON.stringify(atCap.body).slice(0, 200)).to.equal(200);
    expect(Buffer.byteLength(JSON.stringify(atCap.body))).to.equal(CAP);
    expectRefused(
      await call(service, 'PATCH', '/api/identity/settings/edge', { body: { patch: { blob: 'y'.repeat(room + 1) } } }),
    );
    expect((await call(service, 'GET', '/api/identity/settings/edge')).body.settings.blob).to.have.length(room);
  });
});
