import { expect } from 'chai';
import type { NavigationPatch, NotificationSettingsPatch } from '../../generated/client/index.js';
import { blocks, clientFor, device, draft, ok, withBackends } from '../helpers/client-fixtures.js';
import { uuid } from '../helpers/factories.js';
import type { Service } from '../helpers/service.js';

/** Drives every operation of openapi.yaml through the client; `stateful` targets must show what was written. */
async function useEveryOperation(target: Service, stateful: boolean): Promise<void> {
  const client = clientFor(target.url);
  expect(ok(await client.GET('/healthz'))).to.deep.equal({ status: 'ok' });
  expect(ok(await client.GET('/readyz'))).to.have.property('status');
  expect(ok(await client.GET('/metrics', { parseAs: 'text' }))).to.be.a('string');

  const created = await client.POST('/api/streams', {
    body: { title: 'Client', initialMessage: { content: { blocks } } },
  });
  expect(created.response.status).to.equal(201);
  const location = created.response.headers.get('Location') ?? '';
  expect(location).to.match(/^\/api\/streams\/[0-9a-f-]{36}$/);
  const stream = ok(
    await client.GET('/api/streams/{streamId}', { params: { path: { streamId: location.split('/').pop()! } } }),
  );
  if (stateful) expect(stream.initialMessage?.content.blocks).to.deep.equal(blocks);

  const settings: NotificationSettingsPatch = {
    vips: { ann: { bypass: true }, ben: { bypass: false } },
    sound: 'boing',
  };
  const added = ok(await client.PATCH('/api/notifications/settings', { body: settings }));
  if (stateful) expect(added.vips).to.have.property('ann');
  const removed = ok(await client.PATCH('/api/notifications/settings', { body: { vips: { ann: null }, sound: null } }));
  if (stateful) {
    expect(removed.vips)
      .to.deep.include({ ben: { bypass: false } })
      .and.not.have.property('ann'); // null removed the map entry
    expect(removed).to.not.have.property('sound');
  }
  expect(ok(await client.GET('/api/notifications/settings')))
    .to.have.property('updatedAt')
    .that.is.a('string');

  const registration = device();
  const registered = await client.PUT('/api/notifications/devices', { body: registration });
  expect(registered.response.status).to.equal(stateful ? 201 : 200); // a known difference of the mock
  const path = { appId: registration.appId, installationId: registration.installationId };
  if (stateful)
    expect(registered.response.headers.get('Location')).to.equal(
      `/api/notifications/devices/${path.appId}/${path.installationId}`,
    );
  const one = ok(await client.GET('/api/notifications/devices/{appId}/{installationId}', { params: { path } }));
  if (stateful) expect(one).to.deep.equal(registered.data);
  const listed = ok(await client.GET('/api/notifications/devices', { params: { query: { limit: 10 } } }));
  if (stateful) expect(listed.items.map((item) => item.installationId)).to.include(registration.installationId);
  ok(await client.DELETE('/api/notifications/devices/{appId}/{installationId}', { params: { path } }));

  const nav: NavigationPatch = {
    lastViewedAt: { [stream.id]: '2026-11-20T09:20:11+01:00', gone: null },
    rankByStreamId: { gone: null },
  };
  const patchedNav = ok(await client.PATCH('/api/streams/nav', { body: nav }));
  const lastViewed: string | null | undefined = patchedNav.lastViewedAt?.[stream.id]; // a date-time is a string
  if (stateful) expect(lastViewed).to.equal('2026-11-20T09:20:11+01:00');
  const again = ok(await client.PATCH('/api/streams/nav', { body: nav }));
  if (stateful) expect(again.updatedAt, 'a patch that changes nothing keeps updatedAt').to.equal(patchedNav.updatedAt);
  expect(ok(await client.GET('/api/streams/nav')).updatedAt).to.be.a('string');
  expect(ok(await client.GET('/api/notifications/devices')).items).to.be.an('array'); // every parameter optional: none

  const templateId = uuid();
  const saved = ok(
    await client.PUT('/api/cycles/templates/{templateId}/draft', {
      params: { path: { templateId } },
      body: draft({ createOnly: true }),
    }),
  );
  const read = ok(await client.GET('/api/cycles/templates/{templateId}/draft', { params: { path: { templateId } } }));
  expect(read.triggerName).to.equal(saved.triggerName);

  const namespace = { path: { namespace: 'profile' } };
  const identity = ok(
    await client.PATCH('/api/identity/settings/{namespace}', {
      params: namespace,
      body: { patch: { theme: { mode: 'dark' }, shortcuts: null } },
    }),
  );
  expect(identity.namespace).to.equal('profile');
  expect(ok(await client.GET('/api/identity/settings/{namespace}', { params: namespace })).settings).to.be.an('object');

  const marker = ok(await client.PUT('/api/chat/reads', { body: { streamId: stream.id, lastReadMessageId: uuid() } }));
  const markers = ok(
    await client.GET('/api/chat/reads/{streamId}', {
      params: { path: { streamId: marker.streamId }, query: { limit: 5 } },
    }),
  );
  if (stateful) expect(markers.items).to.deep.equal([marker]);
}

describe('the typed client (generated/client: openapi-fetch on openapi-typescript)', function () {
  this.timeout(120_000);
  const backends = withBackends();

  it('when every operation is used against the service, then each answers as the contract says and reads back what was written', async () => {
    await useEveryOperation(backends.service, true);
  });
  it('when every operation is used against the sandbox, then the same', async () => {
    await useEveryOperation(backends.sandbox, true);
  });
  it('when every operation is used against the Prism mock, then each answers with its example', async () => {
    await useEveryOperation(backends.mock, false);
  });
});
