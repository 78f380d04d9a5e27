import { expect } from 'chai';
import { call, type Reply } from '../helpers/client.js';
import { aDevice, aDraft, anAvailability, uuid } from '../helpers/factories.js';
import { startPrism } from '../helpers/prism.js';
import { startService, type Service } from '../helpers/service.js';

/**
 * The drift guard: requests go through `prism proxy --errors` in front of the
 * real service, which reports (as sl-violations, or an error status) any
 * response of the service that breaks openapi.yaml.
 */
describe('drift guard: the service behind prism proxy --errors', function () {
  this.timeout(120_000);
  let service: Service;
  let proxy: Service;
  before(async () => {
    service = await startService({ validateResponses: false }); // as deployed: the proxy is the one checking
    proxy = await startPrism('proxy', { upstream: service.url });
  });
  after(async () => {
    await proxy.close();
    await service.close();
  });

  const through = async (method: string, path: string, body?: unknown, expected?: number): Promise<Reply> => {
    const reply = await call(proxy, method, path, { body });
    expect(reply.headers.get('sl-violations'), `${method} ${path}: ${reply.headers.get('sl-violations')}`).to.equal(
      null,
    );
    if (expected !== undefined)
      expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).to.equal(expected);
    return reply;
  };

  it('when every operation is used as a client would, then no response breaks the contract', async () => {
    const templateId = uuid();
    const created = await through(
      'POST',
      '/api/streams',
      {
        title: 'Drift',
        memberUserIds: ['ann'],
        initialMessage: {
          content: {
            blocks: [
              {
                type: 'rich_text',
                elements: [{ type: 'paragraph', children: [{ type: 'text', text: 'hi', style: { italic: true } }] }],
              },
              { type: 'markdown', markdown: '# hi' },
            ],
          },
          assetIds: ['a'],
        },
      },
      201,
    );
    await through('GET', `/api/streams/${created.body.id}`, undefined, 200);
    await through('GET', '/api/notifications/settings', undefined, 200); // the defaults, before any write
    await through(
      'PATCH',
      '/api/notifications/settings',
      {
        sound: 'boing',
        availability: anAvailability(),
        overrides: {
          s: { channels: { mobile: { main: 'none', sessions: 'mentions' } }, until: '2030-01-01T00:00:00+01:00' },
        },
      },
      200,
    );
    await through('PATCH', '/api/notifications/settings', { sound: null, overrides: { s: null } }, 200);
    await through('GET', '/api/notifications/settings', undefined, 200);
    const device = aDevice({ installationId: 'drift-1' });
    await through('PUT', '/api/notifications/devices', device, 201);
    await through('PUT', '/api/notifications/devices', { ...device, token: 'new' }, 200);
    await through('GET', '/api/notifications/devices', undefined, 200);
    await through('DELETE', `/api/notifications/devices/${device.appId}/drift-1`, undefined, 204);
    await through(
      'PATCH',
      '/api/streams/nav',
      { pinnedStreamIds: ['a'], lastViewedAt: { a: '2026-01-01T00:00:00Z' } },
      200,
    );
    await through('GET', '/api/streams/nav', undefined, 200);
    const draft = await through('PUT', `/api/cycles/templates/${templateId}/draft`, aDraft(), 201);
    await through(
      'PUT',
      `/api/cycles/templates/${templateId}/draft`,
      aDraft({ expectedDraftUpdatedAt: draft.body.updatedAt }),
      200,
    );
    await through('PUT', `/api/cycles/templates/${templateId}/draft`, aDraft({ createOnly: true }), 409);
    await through('GET', `/api/cycles/templates/${templateId}/draft`, undefined, 200);
    await through('PATCH', '/api/identity/settings/profile', { patch: { name: 'Ann', nested: { a: [1] } } }, 200);
    await through('GET', '/api/identity/settings/profile', undefined, 200);
    const streamId = uuid();
    await through('PUT', '/api/chat/reads', { streamId, lastReadMessageId: uuid() }, 200);
    await through('PUT', '/api/chat/reads', { streamId, threadSessionId: uuid(), lastReadMessageId: uuid() }, 200);
    await through('GET', `/api/chat/reads/${streamId}`, undefined, 200);
    await through('GET', '/healthz', undefined, 200);
    await through('GET', '/readyz', undefined, 200);
    await through('GET', '/metrics', undefined, 200);
  });

  it('when the service answers with its errors, then those responses match the contract too', async () => {
    await through('GET', `/api/streams/${uuid()}`, undefined, 404);
    await through('GET', `/api/cycles/templates/${uuid()}/draft`, undefined, 404);
    await through('DELETE', `/api/notifications/devices/app/${uuid()}`, undefined, 404);
    await through(
      'PUT',
      `/api/cycles/templates/${uuid()}/draft`,
      aDraft({ expectedDraftUpdatedAt: '2026-01-01T00:00:00Z' }),
      409,
    );
  });
});
