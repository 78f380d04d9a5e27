import { expect } from 'chai';
import { call, pathsOf, type Reply } from './helpers/client.js';
import { aDevice, uuid } from './helpers/factories.js';
import { startService, type Service } from './helpers/service.js';

/** The path and query of a `Link: <…>; rel="next"` header, or undefined. */
function nextOf(reply: Reply): string | undefined {
  return /^<([^>]+)>; rel="next"$/.exec(reply.headers.get('link') ?? '')?.[1];
}

/** Follows `rel="next"` from `first` and collects every page's items. */
async function walk(service: Service, first: string): Promise<{ pages: number; items: Record<string, unknown>[] }> {
  const items: Record<string, unknown>[] = [];
  let pages = 0;
  for (let path: string | undefined = first; path; pages++) {
    const reply = await call(service, 'GET', path);
    expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
    items.push(...reply.body.items);
    path = nextOf(reply);
  }
  return { pages, items };
}

describe('paged lists', () => {
  let service: Service;
  beforeEach(async () => { service = await startService(); });
  afterEach(async () => { await service.close(); });

  it('when 7 devices are listed 3 a page, then 3 pages hold each device once, in the order of appId/installationId', async () => {
    const sent = Array.from({ length: 7 }, (_, index) => aDevice({ appId: `app.${index % 2}`, installationId: `install-${uuid()}` }));
    for (const device of sent) expect((await call(service, 'PUT', '/api/notifications/devices', { body: device })).status).to.equal(201);
    const { pages, items } = await walk(service, '/api/notifications/devices?limit=3');
    expect(pages).to.equal(3);
    const order = (d: Record<string, unknown>) => `${d.appId}/${d.installationId}`;
    expect(items.map(order)).to.deep.equal(sent.map(order).sort());
  });

  it('when a list fits one page, then there is no Link header', async () => {
    await call(service, 'PUT', '/api/notifications/devices', { body: aDevice() });
    const reply = await call(service, 'GET', '/api/notifications/devices');
    expect(reply.body.items).to.have.length(1);
    expect(reply.headers.get('link')).to.equal(null);
  });

  it('when a page ends exactly at the last item, then there is no Link header', async () => {
    for (let index = 0; index < 2; index++) await call(service, 'PUT', '/api/notifications/devices', { body: aDevice() });
    const reply = await call(service, 'GET', '/api/notifications/devices?limit=2');
    expect(reply.body.items).to.have.length(2);
    expect(reply.headers.get('link')).to.equal(null);
  });

  it('when 250 read markers are listed with the default limit, then pages of 100, 100 and 50 come back, stream-level first', async () => {
    const streamId = uuid();
    await call(service, 'PUT', '/api/chat/reads', { body: { streamId, lastReadMessageId: uuid() } });
    for (let index = 0; index < 249; index++) {
      await call(service, 'PUT', '/api/chat/reads', { body: { streamId, threadSessionId: uuid(), lastReadMessageId: uuid() } });
    }
    const first = await call(service, 'GET', `/api/chat/reads/${streamId}`);
    expect(first.body.items).to.have.length(100);
    expect(first.body.items[0].threadSessionId).to.equal(undefined);
    const { pages, items } = await walk(service, `/api/chat/reads/${streamId}`);
    expect(pages).to.equal(3);
    const threads = items.slice(1).map((marker) => marker.threadSessionId as string);
    expect(new Set(threads).size).to.equal(249);
    expect(threads).to.deep.equal([...threads].sort());
  });

  it('when a device moves to another user, then it leaves the first list', async () => {
    const device = aDevice();
    await call(service, 'PUT', '/api/notifications/devices', { body: device });
    await call(service, 'DELETE', `/api/notifications/devices/${device.appId}/${device.installationId}`);
    expect((await call(service, 'GET', '/api/notifications/devices')).body.items).to.deep.equal([]);
  });

  const invalid: [string, string][] = [
    ['limit is 0', 'limit=0'],
    ['limit is 1001', 'limit=1001'],
    ['limit is not a number', 'limit=ten'],
    ['limit is a fraction', 'limit=1.5'],
  ];
  for (const [name, query] of invalid) {
    it(`when ${name}, then 400 names /query/limit`, async () => {
      const reply = await call(service, 'GET', `/api/notifications/devices?${query}`);
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/query/limit']);
    });
  }

  it('when the cursor is not base64url, then 400 names /query/cursor', async () => {
    const reply = await call(service, 'GET', '/api/notifications/devices?cursor=%25%25%25');
    expect(reply.status).to.equal(400);
    expect(pathsOf(reply)).to.deep.equal(['/query/cursor']);
  });

  it('when a cursor is made up, then the page starts somewhere in the caller\'s own list and never shows another\'s device', async () => {
    await call(service, 'PUT', '/api/notifications/devices', { body: aDevice({ appId: 'zzz.mine' }) });
    for (const cursor of ['0', 'AAAA', 'bG9jYWw', '_-_-']) {
      const reply = await call(service, 'GET', `/api/notifications/devices?cursor=${cursor}`);
      expect(reply.status, cursor).to.equal(200);
      expect(reply.body.items.every((device: { appId: string }) => device.appId === 'zzz.mine'), cursor).to.equal(true);
    }
  });

  it('when keys hold lone surrogates, then paging passes them exactly once each', async () => {
    const ids = ['\ud800a', '\ud800b', '\udfffc', 'plain'];
    for (const installationId of ids) await call(service, 'PUT', '/api/notifications/devices', { body: aDevice({ installationId }) });
    const { pages, items } = await walk(service, '/api/notifications/devices?limit=1');
    expect(pages).to.equal(4);
    expect(items.map((device) => device.installationId).sort()).to.deep.equal([...ids].sort());
  });
});
