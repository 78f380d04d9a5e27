import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { aDevice } from '../helpers/factories.js';
import { rawRequest } from '../helpers/raw.js';
import { startService, type Service } from '../helpers/service.js';

// GET and DELETE take no body in openapi.yaml: one sent anyway is not read, so it cannot earn a 400 or 413 they do not declare.
describe('operations that take no body', () => {
  let service: Service;
  before(async () => {
    service = await startService({ bodyLimit: '1kb' });
  });
  after(async () => {
    await service.close();
  });

  const json = { 'content-type': 'application/json' };
  for (const [what, body] of [
    ['a body that is not JSON', '{"sort": not json'],
    ['a body over the size limit', `"${'a'.repeat(4096)}"`],
    ['an empty JSON body', ''],
  ] as const) {
    it(`when GET /api/streams/nav comes with ${what}, then it is answered as without one`, async () => {
      expect((await call(service, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } })).status).to.equal(200);
      const reply = await rawRequest(
        service,
        'GET',
        '/api/streams/nav',
        { ...json, 'content-length': String(Buffer.byteLength(body)) },
        body,
      );
      expect(reply.status).to.equal(200);
      expect(JSON.parse(reply.text)).to.include({ sort: 'recent' });
    });
  }

  it('when DELETE of a device comes with a body that is not JSON, then the device is deleted as without one', async () => {
    const device = aDevice();
    expect((await call(service, 'PUT', '/api/notifications/devices', { body: device })).status).to.be.oneOf([200, 201]);
    const reply = await rawRequest(
      service,
      'DELETE',
      `/api/notifications/devices/${device.appId}/${device.installationId}`,
      { ...json, 'content-length': '8' },
      'not json',
    );
    expect(reply.status).to.equal(204);
    const listed = await call(service, 'GET', '/api/notifications/devices');
    expect(listed.body.items ?? listed.body).to.not.deep.include(device);
  });

  it('when GET /healthz comes with a body of another media type, then it is 200, not 415', async () => {
    const reply = await rawRequest(service, 'GET', '/healthz', { 'content-type': 'text/plain' }, 'hello');
    expect(reply.status).to.equal(200);
  });
});
