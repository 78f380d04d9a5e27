import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { call, pathsOf } from '../helpers/client.js';
import { anAvailability, NOTIFICATION_SOUNDS } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

/** What GET answers before the first write: openapi.yaml's example `defaults`. */
const DEFAULTS = JSON.parse(
  readFileSync(new URL('../../mocks/examples/notification-settings-defaults.json', import.meta.url), 'utf8'),
).value as { updatedAt: string };

const rule = (main = 'mentions', sessions = 'none', extra: object = {}) => ({
  channels: { mobile: { main, sessions } },
  ...extra,
});

describe('PATCH /api/notifications/settings', () => {
  let service: Service;
  beforeEach(async () => {
    service = await startService();
  });
  afterEach(async () => {
    await service.close();
  });

  const patch = (body: unknown, contentType = 'application/json') =>
    call(service, 'PATCH', '/api/notifications/settings', { body, headers: { 'content-type': contentType } });
  const read = () => call(service, 'GET', '/api/notifications/settings');

  it("when nothing was saved, then GET is 200 with the defaults openapi.yaml documents (its example 'defaults') and an ETag", async () => {
    const reply = await read();
    expect([reply.status, reply.body]).to.deep.equal([200, DEFAULTS]);
    expect(reply.headers.get('etag')).to.match(/^"[^"]+"$/);
    expect(
      (
        await call(service, 'GET', '/api/notifications/settings', {
          headers: { 'if-none-match': reply.headers.get('etag') ?? '' },
        })
      ).status,
    ).to.equal(304);
  });

  it("when the first PATCH names the defaults' ETag, then it merges into the defaults; the same stale tag then gets 412", async () => {
    const etag = (await read()).headers.get('etag') ?? '';
    const first = await call(service, 'PATCH', '/api/notifications/settings', {
      body: { sound: 'quack' },
      headers: { 'if-match': etag },
    });
    const { updatedAt, ...document } = first.body;
    expect([first.status, document]).to.deep.equal([200, { overrides: {}, vips: {}, sound: 'quack' }]);
    expect(Date.parse(updatedAt)).to.be.above(Date.parse(DEFAULTS.updatedAt));
    const stale = await call(service, 'PATCH', '/api/notifications/settings', {
      body: { sound: 'boing' },
      headers: { 'if-match': etag },
    });
    expect([stale.status, stale.body.type]).to.deep.equal([412, 'urn:problem:collab:precondition-failed']);
    expect((await read()).body).to.deep.equal(first.body);
  });

  it('when an empty patch is sent, then 200 with the defaults as they were (it changes nothing), and GET returns the same', async () => {
    const reply = await patch({});
    expect(reply.status).to.equal(200);
    expect(Object.keys(reply.body)).to.deep.equal(['overrides', 'vips', 'updatedAt']);
    expect(reply.body.updatedAt).to.equal(DEFAULTS.updatedAt);
    expect((await read()).body).to.deep.equal(reply.body);
  });

  it('when every field is set, then the whole document comes back and reads back', async () => {
    const settings = {
      channels: { mobile: { enabled: true } },
      availability: anAvailability(),
      defaults: { stream: rule('mentions', 'mentions', { until: '2030-01-01T00:00:00Z' }) },
      overrides: { 'stream-1': rule('none', 'none') },
      vips: { ann: { bypass: true } },
      sound: 'quack',
    };
    const reply = await patch(settings);
    expect(reply.status).to.equal(200);
    const { updatedAt, ...document } = reply.body;
    expect(document).to.deep.equal(settings);
    expect(Date.parse(updatedAt)).to.be.closeTo(Date.now(), 5000);
    expect((await read()).body).to.deep.equal(reply.body);
  });

  for (const sound of NOTIFICATION_SOUNDS) {
    it(`when sound is "${sound}", then it is accepted`, async () => {
      expect((await patch({ sound })).body.sound).to.equal(sound);
    });
  }
  for (const sound of ['Boing', 'boing ', 'bubble_pop', 'ding', 'pop', '']) {
    it(`when sound is the near miss "${sound}", then 400 names /body/sound`, async () => {
      const reply = await patch({ sound });
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/sound']);
    });
  }

  describe('required members inside optional objects', () => {
    const cases: [string, unknown, string][] = [
      ['channels.mobile without enabled', { channels: { mobile: {} } }, '/body/channels/mobile/enabled'],
      [
        'a rule without channels',
        { defaults: { stream: { until: '2030-01-01T00:00:00Z' } } },
        '/body/defaults/stream/channels',
      ],
      [
        'a rule with mobile but no sessions',
        { overrides: { s: { channels: { mobile: { main: 'none' } } } } },
        '/body/overrides/s/channels/mobile/sessions',
      ],
      [
        'a rule level outside the enumeration',
        { overrides: { s: rule('all') } },
        '/body/overrides/s/channels/mobile/main',
      ],
      ['a vip without bypass', { vips: { ann: {} } }, '/body/vips/ann/bypass'],
      [
        'a day that is not an integer',
        { availability: anAvailability({ days: [1, 2.5] }) },
        '/body/availability/days/1',
      ],
    ];
    for (const [name, body, path] of cases) {
      it(`when ${name}, then 400 names ${path}`, async () => {
        const reply = await patch(body);
        expect(reply.status).to.equal(400);
        expect(pathsOf(reply)).to.deep.equal([path]);
      });
    }
    for (const member of ['enabled', 'timeZone', 'days', 'start', 'end']) {
      it(`when availability lacks ${member}, then 400 names it`, async () => {
        const { [member]: _omitted, ...availability } = anAvailability();
        const reply = await patch({ availability });
        expect(reply.status).to.equal(400);
        expect(pathsOf(reply)).to.deep.equal([`/body/availability/${member}`]);
      });
    }
    it('when days are any integers (numbering is not fixed), then they are accepted', async () => {
      const reply = await patch({ availability: anAvailability({ days: [0, 7, -1, 365] }) });
      expect(reply.body.availability.days).to.deep.equal([0, 7, -1, 365]);
    });
  });

  describe('merge patch (RFC 7396)', () => {
    it('when members are patched one at a time, then earlier members stay', async () => {
      await patch({ sound: 'boing' });
      await patch({ channels: { mobile: { enabled: false } } });
      const reply = await patch({ vips: { ann: { bypass: true } } });
      expect(reply.body).to.deep.include({
        sound: 'boing',
        channels: { mobile: { enabled: false } },
        vips: { ann: { bypass: true } },
      });
    });
    it('when overrides are patched, then they merge per key and null removes a key', async () => {
      await patch({ overrides: { a: rule(), b: rule() } });
      const reply = await patch({ overrides: { b: null, c: rule('none', 'none') } });
      expect(reply.body.overrides).to.deep.equal({ a: rule(), c: rule('none', 'none') });
    });
    it('when a rule until is null, then until is removed and the rule stays', async () => {
      await patch({ defaults: { stream: rule('mentions', 'none', { until: '2030-01-01T00:00:00+01:00' }) } });
      const reply = await patch({ defaults: { stream: rule('mentions', 'none', { until: null }) } });
      expect(reply.body.defaults.stream).to.deep.equal(rule());
    });
    it('when a top-level member is null, then it is removed', async () => {
      await patch({ sound: 'wow', availability: anAvailability() });
      const reply = await patch({ sound: null, availability: null });
      expect(reply.body).to.not.have.any.keys('sound', 'availability');
    });
    it('when availability is patched, then it is replaced whole (all its members are required)', async () => {
      await patch({ availability: anAvailability({ days: [1, 2, 3] }) });
      const reply = await patch({ availability: anAvailability({ days: [6] }) });
      expect(reply.body.availability.days).to.deep.equal([6]);
    });
    it('when sent as application/merge-patch+json, then it merges the same way', async () => {
      const reply = await patch({ sound: 'mhm' }, 'application/merge-patch+json');
      expect(reply.status).to.equal(200);
      expect(reply.body.sound).to.equal('mhm');
    });
    it('when updatedAt is sent, then it is ignored and the server stamps its own', async () => {
      const reply = await patch({ updatedAt: '2000-01-01T00:00:00Z' });
      expect(reply.body.updatedAt).to.not.equal('2000-01-01T00:00:00Z');
    });
    it('when patched twice, then updatedAt increases', async () => {
      const first = await patch({ sound: 'boing' });
      const second = await patch({ sound: 'oooh' });
      expect(Date.parse(second.body.updatedAt)).to.be.greaterThan(Date.parse(first.body.updatedAt));
    });
  });

  describe('null where the contract does not allow it', () => {
    const cases: [string, unknown, string][] = [
      ['mobile.enabled', { channels: { mobile: { enabled: null } } }, '/body/channels/mobile/enabled'],
      ['a rule channels', { defaults: { stream: { channels: null } } }, '/body/defaults/stream/channels'],
      ['a vip bypass', { vips: { ann: { bypass: null } } }, '/body/vips/ann/bypass'],
      ['an availability member', { availability: anAvailability({ start: null }) }, '/body/availability/start'],
    ];
    for (const [name, body, path] of cases) {
      it(`when ${name} is null, then 400 names ${path}`, async () => {
        const reply = await patch(body);
        expect(reply.status).to.equal(400);
        expect(pathsOf(reply)).to.deep.equal([path]);
      });
    }
  });
});
