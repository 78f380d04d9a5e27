import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { aDevice } from '../helpers/factories.js';
import type { Service } from '../helpers/service.js';
import { startTwoUserService } from '../helpers/two-users.js';

// A device's tag is reachable: GET of one device answers it with its ETag, and a new registration's 201 names it
// in Location, so a client can read, then write or delete with If-Match.

const pathOf = (appId: string, installationId: string) =>
  `/api/notifications/devices/${encodeURIComponent(appId)}/${encodeURIComponent(installationId)}`;

describe('GET /api/notifications/devices/{appId}/{installationId}', () => {
  let service: Service;
  let ana: Record<string, string>;
  let ben: Record<string, string>;
  before(async () => {
    ({ service, ana, ben } = await startTwoUserService());
  });
  after(async () => {
    await service.close();
  });

  const register = (device: object, headers = ana) =>
    call(service, 'PUT', '/api/notifications/devices', { body: device, headers });

  it('when a new device is registered, then 201 names it in Location, and a GET there answers it with the same ETag', async () => {
    const device = aDevice({ appId: 'com.example.chat', installationId: 'tab 1/ä' });
    const created = await register(device);
    expect(created.status).to.equal(201);
    expect(created.headers.get('location')).to.equal(pathOf('com.example.chat', 'tab 1/ä'));
    const read = await call(service, 'GET', created.headers.get('location')!, { headers: ana });
    expect(read.status).to.equal(200);
    expect(read.body).to.deep.equal(created.body);
    expect(read.headers.get('etag')).to.equal(created.headers.get('etag'));
  });

  it('when If-None-Match names the current tag, then 304; once it changed, 200 with the new tag', async () => {
    const device = aDevice({ installationId: 'phone-304' });
    const tag = (await register(device)).headers.get('etag')!;
    const path = pathOf(device.appId as string, 'phone-304');
    expect((await call(service, 'GET', path, { headers: { ...ana, 'if-none-match': tag } })).status).to.equal(304);
    await register({ ...device, token: 'another-token' });
    const changed = await call(service, 'GET', path, { headers: { ...ana, 'if-none-match': tag } });
    expect([changed.status, changed.body.token]).to.deep.equal([200, 'another-token']);
    expect(changed.headers.get('etag')).to.not.equal(tag);
  });

  it('when the tag read is sent back in If-Match, then the delete goes ahead; a stale one gets 412', async () => {
    const device = aDevice({ installationId: 'phone-412' });
    await register(device);
    const path = pathOf(device.appId as string, 'phone-412');
    const tag = (await call(service, 'GET', path, { headers: ana })).headers.get('etag')!;
    await register({ ...device, locale: 'fr' });
    expect((await call(service, 'DELETE', path, { headers: { ...ana, 'if-match': tag } })).status).to.equal(412);
    const current = (await call(service, 'GET', path, { headers: ana })).headers.get('etag')!;
    expect((await call(service, 'DELETE', path, { headers: { ...ana, 'if-match': current } })).status).to.equal(204);
    expect((await call(service, 'GET', path, { headers: ana })).status).to.equal(404);
  });

  it("when the device is not registered, or is another user's, then 404 not-found, the same for both", async () => {
    const device = aDevice({ installationId: 'bens-phone' });
    await register(device, ben);
    const theirs = await call(service, 'GET', pathOf(device.appId as string, 'bens-phone'), { headers: ana });
    const none = await call(service, 'GET', pathOf(device.appId as string, 'no-such-phone'), { headers: ana });
    expect([theirs.status, theirs.body.type]).to.deep.equal([404, 'urn:problem:collab:not-found']);
    expect([none.status, none.body.detail]).to.deep.equal([404, theirs.body.detail]);
  });

  it('when a device the caller has not is deleted with If-Match: *, then 404 as without it, and nothing changes', async () => {
    const device = aDevice({ installationId: 'bens-other-phone' });
    await register(device, ben);
    for (const id of ['bens-other-phone', 'no-phone-at-all']) {
      const path = pathOf(device.appId as string, id);
      const deleted = await call(service, 'DELETE', path, { headers: { ...ana, 'if-match': '*' } });
      expect([deleted.status, deleted.body.type], id).to.deep.equal([404, 'urn:problem:collab:not-found']);
    }
    const kept = await call(service, 'GET', pathOf(device.appId as string, 'bens-other-phone'), { headers: ben });
    expect(kept.status).to.equal(200);
  });
});
