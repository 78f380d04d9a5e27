import { expect } from 'chai';
import { call, pathsOf, type Reply } from '../helpers/client.js';
import { aDevice, uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

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
  beforeEach(async () => {
    service = await startService();
  });
  afterEach(async () => {
    await service.close();
  });

  it('when 7 devices are listed 3 a page, then 3 pages hold each device once, in the order of appId/installationId', async () => {
    const sent = Array.from({ length: 7 }, (_, index) =>
      aDevice({ appId: `app.${index % 2}`, installationId: `install-${uuid()}` }),
    );
    for (const device of sent)
      expect((await call(service, 'PUT', '/api/notifications/devices', { body: device })).status).to.equal(201);
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
    for (let index = 0; index < 2; index++)
      await call(service, 'PUT', '/api/notifications/devices', { body: aDevice() });
    const reply = await call(service, 'GET', '/api/notifications/devices?limit=2');
    expect(reply.body.items).to.have.length(2);
    expect(reply.headers.get('link')).to.equal(null);
  });

  it('when 250 read markers are listed with the default limit, then pages of 100, 100 and 50 come back, stream-level first', async () => {
    const streamId = uuid();
    await call(service, 'PUT', '/api/chat/reads', { body: { streamId, lastReadMessageId: uuid() } });
    for (let index = 0; index < 249; index++) {
      await call(service, 'PUT', '/api/chat/reads', {
        body: { streamId, threadSessionId: uuid(), lastReadMessageId: uuid() },
      });
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

  it("when a cursor is made up, then the page starts somewhere in the caller's own list and never shows another's device", async () => {
    await call(service, 'PUT', '/api/notifications/devices', { body: aDevice({ appId: 'zzz.mine' }) });
    for (const cursor of ['0', 'AAAA', 'bG9jYWw', '_-_-']) {
      const reply = await call(service, 'GET', `/api/notifications/devices?cursor=${cursor}`);
      expect(reply.status, cursor).to.equal(200);
      expect(
        reply.body.items.every((device: { appId: string }) => device.appId === 'zzz.mine'),
        cursor,
      ).to.equal(true);
    }
  });

  it('when keys hold characters past U+FFFF (surrogate pairs, before U+FFFF in UTF-16), then paging passes them exactly once each', async () => {
    const ids = ['\u{10000}a', '\u{10000}b', '\u{ffff}c', 'plain'];
    for (const installationId of ids)
      await call(service, 'PUT', '/api/notifications/devices', { body: aDevice({ installationId }) });
    const { pages, items } = await walk(service, '/api/notifications/devices?limit=1');
    expect(pages).to.equal(4);
    expect(items.map((device) => device.installationId).sort()).to.deep.equal([...ids].sort());
  });
});

describe('pages bounded in bytes (PAGE_MAX_BYTES)', () => {
  /** A device whose JSON, as listed, takes exactly `bytes`: padded in its token. */
  async function deviceOf(service: Service, bytes: number, index: number): Promise<Record<string, unknown>> {
    const device = aDevice({ installationId: `install-${index}`, token: 't' });
    const stored = await call(service, 'PUT', '/api/notifications/devices', { body: device });
    const padding = bytes - Buffer.byteLength(JSON.stringify(stored.body));
    const padded = await call(service, 'PUT', '/api/notifications/devices', {
      body: { ...device, token: 't'.repeat(1 + padding) },
    });
    expect(Buffer.byteLength(JSON.stringify(padded.body))).to.equal(bytes);
    return padded.body;
  }

  it('when 5 devices of 1,000 bytes are listed with pages of at most 3,002 bytes, then pages hold 3 and 2, and the link continues', async () => {
    const service = await startService({ limits: { pageBytes: 3 * 1000 + 2 } }); // three items and their two commas
    try {
      for (let index = 0; index < 5; index++) await deviceOf(service, 1000, index);
      const first = await call(service, 'GET', '/api/notifications/devices?limit=100');
      expect(first.body.items.map((item: { installationId: string }) => item.installationId)).to.deep.equal([
        'install-0',
        'install-1',
        'install-2',
      ]);
      expect(nextOf(first)).to.match(/limit=100&cursor=/);
      const { pages, items } = await walk(service, '/api/notifications/devices?limit=100');
      expect(pages).to.equal(2);
      expect(items.map((item) => item.installationId)).to.deep.equal([
        'install-0',
        'install-1',
        'install-2',
        'install-3',
        'install-4',
      ]);
    } finally {
      await service.close();
    }
  });

  it('when the page bound is one byte less, then pages hold 2, 2 and 1', async () => {
    const service = await startService({ limits: { pageBytes: 3 * 1000 + 1 } });
    try {
      for (let index = 0; index < 5; index++) await deviceOf(service, 1000, index);
      const { pages, items } = await walk(service, '/api/notifications/devices');
      expect(pages).to.equal(3);
      expect(items).to.have.length(5);
    } finally {
      await service.close();
    }
  });

  it('when one device alone is larger than a page may be, then it is listed alone, and the list goes on past it', async () => {
    const service = await startService({ limits: { pageBytes: 500 } });
    try {
      for (let index = 0; index < 3; index++) await deviceOf(service, 1000, index);
      const { pages, items } = await walk(service, '/api/notifications/devices');
      expect(pages).to.equal(3);
      expect(items.map((item) => item.installationId)).to.deep.equal(['install-0', 'install-1', 'install-2']);
    } finally {
      await service.close();
    }
  });
});

describe('PUT /api/notifications/devices: transportMetadata is bounded', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  /** Metadata whose compact JSON takes exactly `bytes`. */
  const metadata = (bytes: number) => ({ blob: 'x'.repeat(bytes - '{"blob":""}'.length) });

  it('when transportMetadata takes exactly 16 KiB as JSON, then it is stored whole; one byte more, then 400 names it and nothing is stored', async () => {
    const device = aDevice();
    const stored = await call(service, 'PUT', '/api/notifications/devices', {
      body: { ...device, transportMetadata: metadata(16 * 1024) },
    });
    expect(stored.status).to.equal(201);
    expect(stored.body.transportMetadata).to.deep.equal(metadata(16 * 1024));
    const other = aDevice();
    const refused = await call(service, 'PUT', '/api/notifications/devices', {
      body: { ...other, transportMetadata: metadata(16 * 1024 + 1) },
    });
    expect(refused.status).to.equal(400);
    expect(pathsOf(refused)).to.deep.equal(['/body/transportMetadata']);
    expect(refused.body.errors[0].message).to.equal('must take at most 16384 bytes as compact JSON, not 16385');
    const listed = await call(service, 'GET', '/api/notifications/devices');
    expect(listed.body.items.map((item: { installationId: string }) => item.installationId)).to.deep.equal([
      device.installationId,
    ]);
  });
});
