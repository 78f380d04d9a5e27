import { expect } from 'chai';
import { keyOf } from '../../src/store/store.js';
import { call, pathsOf } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { freshDataFile, openTestStore, startService, type Service } from '../helpers/service.js';

describe('PUT /api/chat/reads', () => {
  let service: Service;
  beforeEach(async () => {
    service = await startService();
  });
  afterEach(async () => {
    await service.close();
  });

  const mark = (body: unknown) => call(service, 'PUT', '/api/chat/reads', { body });
  const list = (streamId: string) => call(service, 'GET', `/api/chat/reads/${streamId}`);

  it('when a stream-level marker is written, then 200 returns it without threadSessionId', async () => {
    const streamId = uuid();
    const lastReadMessageId = uuid();
    const reply = await mark({ streamId, lastReadMessageId });
    expect(reply.status).to.equal(200);
    expect(reply.body).to.have.keys('streamId', 'lastReadMessageId', 'updatedAt');
    expect(reply.body).to.deep.include({ streamId, lastReadMessageId });
    expect(reply.body.updatedAt).to.be.a('string');
  });

  it('when each listed marker is sent back to PUT, then it is accepted and stays the same marker', async () => {
    const streamId = uuid();
    await mark({ streamId, lastReadMessageId: uuid() });
    await mark({ streamId, threadSessionId: uuid(), lastReadMessageId: uuid() });
    const { items } = (await list(streamId)).body as { items: Record<string, string>[] };
    for (const marker of items) {
      const reply = await mark(marker);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
      expect(reply.body).to.deep.include({ ...marker, updatedAt: reply.body.updatedAt });
    }
    expect((await list(streamId)).body.items).to.have.length(2);
  });

  it('when markers are written again, then the latest wins per (stream, thread)', async () => {
    const streamId = uuid();
    const thread = uuid();
    const last = uuid();
    await mark({ streamId, lastReadMessageId: uuid() });
    await mark({ streamId, lastReadMessageId: last });
    await mark({ streamId, threadSessionId: thread, lastReadMessageId: uuid() });
    const reply = await list(streamId);
    expect(reply.status).to.equal(200);
    expect(reply.body.items).to.have.length(2);
    expect(reply.body.items[0]).to.deep.include({ lastReadMessageId: last }).and.not.have.property('threadSessionId');
    expect(reply.body.items[1].threadSessionId).to.equal(thread);
  });

  it('when another stream has markers, then they are not listed', async () => {
    const streamId = uuid();
    await mark({ streamId: uuid(), lastReadMessageId: uuid() });
    expect((await list(streamId)).body).to.deep.equal({ items: [] });
  });

  it('when the stream id is sent in upper case, then it is the same marker', async () => {
    const streamId = uuid();
    await mark({ streamId: streamId.toUpperCase(), lastReadMessageId: uuid() });
    await mark({ streamId, lastReadMessageId: uuid() });
    expect((await list(streamId.toUpperCase())).body.items).to.have.length(1);
  });

  const invalid: [string, unknown, string[]][] = [
    ['streamId is missing', { lastReadMessageId: uuid() }, ['/body/streamId']],
    ['lastReadMessageId is missing', { streamId: uuid() }, ['/body/lastReadMessageId']],
    [
      'threadSessionId is null (it may be absent, not null)',
      { streamId: uuid(), lastReadMessageId: uuid(), threadSessionId: null },
      ['/body/threadSessionId'],
    ],
    [
      'threadSessionId is no uuid',
      { streamId: uuid(), lastReadMessageId: uuid(), threadSessionId: 'main' },
      ['/body/threadSessionId'],
    ],
    ['both required ids are missing', {}, ['/body/streamId', '/body/lastReadMessageId']],
  ];
  for (const [name, body, paths] of invalid) {
    it(`when ${name}, then 400 names ${paths.join(', ')}`, async () => {
      const reply = await mark(body);
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.have.members(paths);
    });
  }

  it('when the listed stream id is no uuid, then 400 names /params/streamId', async () => {
    const reply = await list('general');
    expect(reply.status).to.equal(400);
    expect(pathsOf(reply)).to.deep.equal(['/params/streamId']);
  });
});

describe('read markers stored with threadSessionId null (before it was omitted)', () => {
  it('when one is read back, then it comes without threadSessionId and PUT accepts it', async () => {
    const [streamId, lastReadMessageId] = [uuid(), uuid()];
    const store = await openTestStore(await freshDataFile());
    await store.update(
      'readMarkers',
      keyOf('local', streamId, ''),
      () => ({ streamId, threadSessionId: null, lastReadMessageId, updatedAt: '2026-01-01T00:00:00.000Z' }),
      { group: keyOf('local', streamId) },
    );
    const service = await startService({ store });
    try {
      const listed = await call(service, 'GET', `/api/chat/reads/${streamId}`);
      expect(listed.status).to.equal(200);
      expect(listed.body.items).to.deep.equal([{ streamId, lastReadMessageId, updatedAt: '2026-01-01T00:00:00.000Z' }]);
      const sentBack = await call(service, 'PUT', '/api/chat/reads', { body: listed.body.items[0] });
      expect(sentBack.status, JSON.stringify(sentBack.body)).to.equal(200);
      expect(sentBack.body).to.not.have.property('threadSessionId');
    } finally {
      await service.close();
    }
  });
});
