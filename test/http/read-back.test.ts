import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { aDevice, aDraft, anAvailability, aPhase, uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

type Json = Record<string, unknown>;
const UPPER = 'F47AC10B-58CC-4372-A567-0E02B2C3D479';
const withoutStamps = ({ updatedAt: _updatedAt, ...rest }: Json) => rest;

/** Per resource: a write, the GET that reads it back, and the write again with exactly what the GET returned. */
describe('read-backs are valid input: whatever a GET returns is accepted by its write operation', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  const expectOk = async (method: string, path: string, body: unknown): Promise<Json> => {
    const reply = await call(service, method, path, { body });
    expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).to.be.within(200, 201);
    return reply.body as Json;
  };
  const read = async (path: string): Promise<Json> => {
    const reply = await call(service, 'GET', path);
    expect(reply.status, `GET ${path}: ${JSON.stringify(reply.body)}`).to.equal(200);
    return reply.body as Json;
  };

  it('when a stream is read back and posted, then it is accepted as a new stream with the same content', async () => {
    const loose = { type: 'text', text: 'kept', style: { bold: 'yes' } }; // valid only as a type-only node
    const created = await expectOk('POST', '/api/streams', {
      title: 'Launch',
      visibility: 'team',
      memberUserIds: ['u_ben'],
      initialMessage: {
        content: { blocks: [{ type: 'rich_text', elements: [{ type: 'paragraph', children: [loose] }] }] },
        assetIds: ['a1'],
      },
    });
    const stream = await read(`/api/streams/${created.id}`);
    const again = await expectOk('POST', '/api/streams', stream);
    expect(again).to.deep.include({ title: 'Launch', visibility: 'team' });
    expect((again.initialMessage as Json).content).to.deep.equal((stream.initialMessage as Json).content);
  });

  for (const [name, path, patch] of [
    [
      'notification settings',
      '/api/notifications/settings',
      {
        sound: 'boing',
        availability: anAvailability(),
        channels: { mobile: { enabled: true } },
        defaults: { stream: { channels: { mobile: { main: 'mentions', sessions: 'none' } } } },
        vips: { u: { bypass: true } },
        overrides: { [UPPER]: { channels: {}, until: '2016-12-31T23:59:60Z' } },
      },
    ],
    [
      'navigation preferences',
      '/api/streams/nav',
      {
        grouping: 'team',
        pinnedStreamIds: [UPPER],
        rankByStreamId: { a: 1 },
        lastViewedAt: { a: '2017-01-01T00:59:60+01:00' },
        leftSidebarWidth: 280,
        hideStreamTipSeen: true,
      },
    ],
  ] as const) {
    it(`when the ${name} are read back and patched in, then they are accepted and nothing changes but updatedAt`, async () => {
      await expectOk('PATCH', path, patch);
      const stored = await read(path);
      const again = await expectOk('PATCH', path, stored);
      expect(withoutStamps(again)).to.deep.equal(withoutStamps(stored));
    });
  }

  it('when each listed device is registered again, then it is accepted and unchanged but for updatedAt', async () => {
    await expectOk(
      'PUT',
      '/api/notifications/devices',
      aDevice({ notificationSettings: { alert: 'on' }, transportMetadata: { a: [null] } }),
    );
    const { items } = (await read('/api/notifications/devices')) as { items: Json[] };
    expect(items, 'the device just registered is listed').to.have.length(1);
    for (const device of items)
      expect(withoutStamps(await expectOk('PUT', '/api/notifications/devices', device))).to.deep.equal(
        withoutStamps(device),
      );
  });

  it('when a draft is read back and saved, then it is accepted and unchanged but for updatedAt', async () => {
    const path = `/api/cycles/templates/${uuid()}/draft`;
    await expectOk(
      'PUT',
      path,
      aDraft({ phasesTemplate: [aPhase({ id: UPPER, agentId: null, sourcePhaseId: null, assetIds: [] })] }),
    );
    const draft = await read(path);
    expect(withoutStamps(await expectOk('PUT', path, draft))).to.deep.equal(withoutStamps(draft));
  });

  it('when identity settings are read back, then their settings, as the {patch} wrapper, are accepted and change nothing', async () => {
    const path = '/api/identity/settings/profile';
    await expectOk('PATCH', path, { patch: { displayName: 'Ana', theme: { mode: 'dark' }, shortcuts: ['ctrl+k'] } });
    const stored = await read(path);
    expect(withoutStamps(await expectOk('PATCH', path, { patch: stored.settings }))).to.deep.equal(
      withoutStamps(stored),
    );
  });

  it('when each listed read marker is marked again, then it is accepted and unchanged but for updatedAt', async () => {
    const streamId = uuid();
    await expectOk('PUT', '/api/chat/reads', { streamId, lastReadMessageId: uuid() });
    await expectOk('PUT', '/api/chat/reads', { streamId, threadSessionId: UPPER, lastReadMessageId: uuid() });
    const { items } = (await read(`/api/chat/reads/${streamId}`)) as { items: Json[] };
    expect(items).to.have.length(2);
    for (const marker of items)
      expect(withoutStamps(await expectOk('PUT', '/api/chat/reads', marker))).to.deep.equal(withoutStamps(marker));
  });
});
