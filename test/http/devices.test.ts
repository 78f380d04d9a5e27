import { expect } from 'chai';
import { call, pathsOf } from '../helpers/client.js';
import { aDevice, text, uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

const EMOJI = '😀'; // one character, two UTF-16 code units

const LENGTHS: [field: string, min: number, max: number][] = [
  ['installationId', 1, 128],
  ['appId', 1, 255],
  ['token', 1, 4096],
  ['appVersion', 1, 64],
  ['appBuild', 1, 64],
  ['osVersion', 1, 64],
  ['deviceModel', 1, 128],
  ['locale', 1, 35],
  ['timeZone', 1, 64],
];

const ENUMS: [field: string, values: string[], nearMisses: string[]][] = [
  ['platform', ['mobile_a', 'mobile_b', 'desktop_a', 'desktop_b', 'web'], ['Mobile_a', 'mobile-a', 'web ', 'ios', '']],
  ['environment', ['sandbox', 'production'], ['Production', 'prod', 'development', ' sandbox']],
  ['formFactor', ['phone', 'tablet', 'desktop', 'watch'], ['Phone', 'mobile', 'tv']],
  ['appVariant', ['debug', 'beta_distribution', 'store', 'internal'], ['beta', 'Store', 'release']],
  [
    'systemAuthorization',
    ['authorized', 'denied', 'provisional', 'ephemeral', 'not_determined'],
    ['notDetermined', 'AUTHORIZED', 'granted'],
  ],
  ['backgroundRefreshStatus', ['available', 'denied', 'restricted'], ['Available', 'unavailable']],
  ['transport', ['push_gateway'], ['push-gateway', 'apns', 'fcm', 'PUSH_GATEWAY']],
];

const REQUIRED = ['installationId', 'appId', 'platform', 'token', 'environment', 'transport'];

describe('PUT /api/notifications/devices', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  const register = (device: Record<string, unknown>) =>
    call(service, 'PUT', '/api/notifications/devices', { body: device });

  describe('length bounds, counted in characters', () => {
    for (const [field, min, max] of LENGTHS) {
      it(`when ${field} has ${max} characters (emoji), then it is accepted and stored as sent`, async () => {
        const reply = await register(aDevice({ [field]: text(max, EMOJI) }));
        expect(reply.status, JSON.stringify(reply.body)).to.be.oneOf([200, 201]);
        expect(reply.body[field]).to.equal(text(max, EMOJI));
      });
      it(`when ${field} has ${max + 1} characters, then 400 names /body/${field}`, async () => {
        const reply = await register(aDevice({ [field]: text(max + 1) }));
        expect(reply.status).to.equal(400);
        expect(pathsOf(reply)).to.deep.equal([`/body/${field}`]);
      });
      it(`when ${field} has ${min} character, then it is accepted`, async () => {
        const reply = await register(aDevice({ [field]: text(min) }));
        expect(reply.status).to.be.oneOf([200, 201]);
        expect(reply.body[field]).to.equal(text(min));
      });
      it(`when ${field} is empty, then 400 names /body/${field}`, async () => {
        const reply = await register(aDevice({ [field]: '' }));
        expect(reply.status).to.equal(400);
        expect(pathsOf(reply)).to.deep.equal([`/body/${field}`]);
      });
    }
  });

  describe('item and map bounds', () => {
    it('when capabilities has 100 items, then it is accepted; 101 is rejected', async () => {
      const ok = await register(aDevice({ capabilities: Array.from({ length: 100 }, (_, i) => `cap-${i}`) }));
      expect(ok.status).to.equal(201);
      expect(ok.body.capabilities).to.have.length(100);
      const tooMany = await register(aDevice({ capabilities: Array.from({ length: 101 }, (_, i) => `cap-${i}`) }));
      expect(tooMany.status).to.equal(400);
      expect(pathsOf(tooMany)).to.deep.equal(['/body/capabilities']);
    });
    it('when capabilities is empty, then it is accepted', async () => {
      const reply = await register(aDevice({ capabilities: [] }));
      expect(reply.status).to.equal(201);
      expect(reply.body.capabilities).to.deep.equal([]);
    });
    it('when a notificationSettings value has 64 characters, then it is accepted; 65 is rejected', async () => {
      const ok = await register(aDevice({ notificationSettings: { badge: text(64, EMOJI), sound: '' } }));
      expect(ok.status).to.equal(201);
      expect(ok.body.notificationSettings).to.deep.equal({ badge: text(64, EMOJI), sound: '' });
      const tooLong = await register(aDevice({ notificationSettings: { badge: text(65) } }));
      expect(tooLong.status).to.equal(400);
      expect(pathsOf(tooLong)).to.deep.equal(['/body/notificationSettings/badge']);
    });
    it('when a notificationSettings value is not a string, then 400 names it', async () => {
      const reply = await register(aDevice({ notificationSettings: { badge: 3 } }));
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/notificationSettings/badge']);
    });
  });

  describe('enumerations', () => {
    for (const [field, values, nearMisses] of ENUMS) {
      for (const value of values) {
        it(`when ${field} is "${value}", then it is accepted`, async () => {
          const reply = await register(aDevice({ [field]: value }));
          expect(reply.status).to.equal(201);
          expect(reply.body[field]).to.equal(value);
        });
      }
      for (const value of nearMisses) {
        it(`when ${field} is the near miss "${value}", then 400 names /body/${field}`, async () => {
          const reply = await register(aDevice({ [field]: value }));
          expect(reply.status).to.equal(400);
          expect(pathsOf(reply)).to.deep.equal([`/body/${field}`]);
        });
      }
    }
  });

  describe('required fields and types', () => {
    for (const field of REQUIRED) {
      it(`when ${field} is missing, then 400 names /body/${field}`, async () => {
        const { [field]: _omitted, ...device } = aDevice();
        const reply = await register(device);
        expect(reply.status).to.equal(400);
        expect(reply.headers.get('content-type')).to.match(/^application\/problem\+json/);
        expect(pathsOf(reply)).to.deep.equal([`/body/${field}`]);
      });
    }
    it('when every optional field is given, then all are stored and returned', async () => {
      const device = aDevice({
        appVersion: '5.2.0',
        appBuild: '5200',
        osVersion: '18.1',
        deviceModel: 'Pixel 9',
        formFactor: 'phone',
        appVariant: 'store',
        locale: 'de-DE',
        timeZone: 'Europe/Berlin',
        capabilities: ['rich-push'],
        systemAuthorization: 'authorized',
        notificationSettings: { alert: 'on' },
        backgroundRefreshStatus: 'available',
        pushEnabled: true,
        transportMetadata: { topic: 'com.example', nested: { priority: 10 } },
      });
      const reply = await register(device);
      expect(reply.status).to.equal(201);
      expect(reply.body).to.deep.include(device);
    });
    it('when pushEnabled is a string or transportMetadata an array, then 400 names both', async () => {
      const reply = await register(aDevice({ pushEnabled: 'true', transportMetadata: [] }));
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.have.members(['/body/pushEnabled', '/body/transportMetadata']);
    });
    it('when a field is null, then 400: nothing in a registration may be null', async () => {
      const reply = await register(aDevice({ appVersion: null }));
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/appVersion']);
    });
    it('when the body has members the contract does not name, then they are accepted and not stored', async () => {
      const reply = await register(aDevice({ nickname: 'my phone' }));
      expect(reply.status).to.equal(201);
      expect(reply.body).to.not.have.property('nickname');
    });
  });

  describe('upsert by (appId, installationId)', () => {
    it('when a device is registered again, then 200 replaces the record and keeps createdAt', async () => {
      const first = await register(aDevice({ installationId: 'phone-1', token: 'old-token', locale: 'en' }));
      expect(first.status).to.equal(201);
      expect(first.body.createdAt).to.equal(first.body.updatedAt);
      const second = await register(aDevice({ installationId: 'phone-1', token: 'new-token' }));
      expect(second.status).to.equal(200);
      expect(second.body.token).to.equal('new-token');
      expect(second.body).to.not.have.property('locale');
      expect(second.body.createdAt).to.equal(first.body.createdAt);
      expect(Date.parse(second.body.updatedAt)).to.be.greaterThan(Date.parse(first.body.updatedAt));
      const list = await call(service, 'GET', '/api/notifications/devices');
      const matching = list.body.items.filter((d: { installationId: string }) => d.installationId === 'phone-1');
      expect(matching).to.have.length(1);
      expect(matching[0].token).to.equal('new-token');
    });
    it('when the same installationId is registered under another appId, then both are kept', async () => {
      const installationId = uuid();
      expect((await register(aDevice({ installationId, appId: 'app.one' }))).status).to.equal(201);
      expect((await register(aDevice({ installationId, appId: 'app.two' }))).status).to.equal(201);
      const list = await call(service, 'GET', '/api/notifications/devices');
      const apps = list.body.items
        .filter((d: { installationId: string }) => d.installationId === installationId)
        .map((d: { appId: string }) => d.appId);
      expect(apps).to.have.members(['app.one', 'app.two']);
    });
  });
});

describe('GET and DELETE /api/notifications/devices', () => {
  let service: Service;
  beforeEach(async () => {
    service = await startService();
  });
  afterEach(async () => {
    await service.close();
  });

  it('when nothing is registered, then the list is empty', async () => {
    const reply = await call(service, 'GET', '/api/notifications/devices');
    expect(reply.status).to.equal(200);
    expect(reply.body).to.deep.equal({ items: [] });
  });

  it('when devices are registered in another order, then they are listed by the text appId/installationId, without owner data', async () => {
    for (const [appId, installationId] of [
      ['com.b', 'x'],
      ['com.a', 'z'],
      ['com.b', 'a'],
      ['com.a', 'b'],
    ]) {
      await call(service, 'PUT', '/api/notifications/devices', { body: aDevice({ appId, installationId }) });
    }
    const reply = await call(service, 'GET', '/api/notifications/devices');
    expect(
      reply.body.items.map((d: { appId: string; installationId: string }) => `${d.appId} ${d.installationId}`),
    ).to.deep.equal(['com.a b', 'com.a z', 'com.b a', 'com.b x']);
    expect(reply.body.items[0]).to.not.have.property('userId');
  });

  it('when a device is unregistered, then 204 and it is gone; again, then 404', async () => {
    const device = aDevice({ appId: 'com.example/chat', installationId: 'with space & slash/' });
    await call(service, 'PUT', '/api/notifications/devices', { body: device });
    const path = `/api/notifications/devices/${encodeURIComponent('com.example/chat')}/${encodeURIComponent('with space & slash/')}`;
    const deleted = await call(service, 'DELETE', path);
    expect(deleted.status).to.equal(204);
    expect(deleted.body).to.equal('');
    expect((await call(service, 'GET', '/api/notifications/devices')).body.items).to.deep.equal([]);
    const again = await call(service, 'DELETE', path);
    expect(again.status).to.equal(404);
    expect(again.body.type).to.equal('urn:problem:collab:not-found');
  });
});
