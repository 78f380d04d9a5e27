import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { aDevice } from '../helpers/factories.js';
import type { Service } from '../helpers/service.js';
import { startTwoUserService } from '../helpers/two-users.js';

// Registering a device another user holds: the caller's registration is new (201, its own createdAt, Location), the
// other user no longer lists it, and the caller's preconditions see no registration of theirs before it.

describe("PUT /api/notifications/devices of another user's device", () => {
  let service: Service;
  let ana: Record<string, string>;
  let ben: Record<string, string>;
  before(async () => {
    ({ service, ana, ben } = await startTwoUserService());
  });
  after(async () => {
    await service.close();
  });
  const register = (device: object, headers: Record<string, string>) =>
    call(service, 'PUT', '/api/notifications/devices', { body: device, headers });
  const list = async (headers: Record<string, string>) =>
    ((await call(service, 'GET', '/api/notifications/devices', { headers })).body.items as { installationId: string }[])
      .map((device) => device.installationId)
      .filter((id) => id.startsWith('shared-'));

  it("when the caller registers it, then 201 with a createdAt of its own and Location, and it leaves the other's list", async () => {
    const device = aDevice({ installationId: 'shared-1' });
    const bens = await register(device, ben);
    expect(bens.status).to.equal(201);
    const anas = await register({ ...device, token: 'anas-token' }, ana);
    expect(anas.status, JSON.stringify(anas.body)).to.equal(201);
    expect(anas.headers.get('location')).to.match(/\/shared-1$/);
    expect(anas.body.createdAt).to.equal(anas.body.updatedAt).and.not.equal(bens.body.createdAt);
    expect([await list(ana), await list(ben)]).to.deep.equal([['shared-1'], []]);
    expect((await register({ ...device, token: 'again' }, ana)).status, 'then it is hers: replaced').to.equal(200);
  });

  it("when the caller sends If-None-Match: *, then it goes ahead (none of the caller's), and If-Match: * is 412", async () => {
    const device = aDevice({ installationId: 'shared-2' });
    await register(device, ben);
    expect((await register(device, { ...ana, 'if-match': '*' })).status).to.equal(412);
    expect((await register(device, { ...ana, 'if-none-match': '*' })).status).to.equal(201);
  });
});
