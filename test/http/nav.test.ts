import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { call, pathsOf } from '../helpers/client.js';
import { startService, type Service } from '../helpers/service.js';

/** What GET answers before the first write: openapi.yaml's example `defaults`. */
const DEFAULTS = JSON.parse(
  readFileSync(new URL('../../mocks/examples/nav-preferences-defaults.json', import.meta.url), 'utf8'),
).value as Record<string, unknown>;

describe('PATCH /api/streams/nav', () => {
  let service: Service;
  beforeEach(async () => {
    service = await startService();
  });
  afterEach(async () => {
    await service.close();
  });

  const patch = (body: unknown) => call(service, 'PATCH', '/api/streams/nav', { body });

  it("when nothing was saved, then GET is 200 with the documented defaults (the example 'defaults') and an ETag; a patch merges into them", async () => {
    const before = await call(service, 'GET', '/api/streams/nav');
    expect([before.status, before.body]).to.deep.equal([200, DEFAULTS]);
    const saved = await call(service, 'PATCH', '/api/streams/nav', {
      body: { sort: 'recent' },
      headers: { 'if-match': before.headers.get('etag') ?? '' },
    });
    const { updatedAt, ...document } = saved.body;
    const { updatedAt: never, ...defaults } = DEFAULTS;
    expect([saved.status, document]).to.deep.equal([200, { ...defaults, sort: 'recent' }]);
    expect(updatedAt).to.not.equal(never);
    const read = await call(service, 'GET', '/api/streams/nav');
    expect([read.status, read.body]).to.deep.equal([200, saved.body]);
    expect(read.headers.get('etag')).to.not.equal(before.headers.get('etag'));
  });

  it('when every field is set, then all come back with updatedAt', async () => {
    const preferences = {
      grouping: 'by-team',
      listView: 'compact',
      sort: 'alphabetical',
      pinnedStreamIds: ['s1', 's2'],
      pinnedSessionIds: ['x'],
      archivedStreamIds: [],
      rankByStreamId: { s1: 1, s2: -5 },
      lastViewedAt: { s1: '2026-11-22T08:00:00.123+01:00' },
      leftSidebarWidth: 280,
      hideStreamTipSeen: true,
    };
    const reply = await patch(preferences);
    expect(reply.status).to.equal(200);
    const { updatedAt, ...document } = reply.body;
    expect(document).to.deep.equal(preferences);
    expect(updatedAt).to.be.a('string');
  });

  it('when grouping, listView and sort are any strings, then they are stored (values are not fixed)', async () => {
    const reply = await patch({ grouping: '', listView: 'ÜBER view', sort: '🙂' });
    expect(reply.body).to.include({ grouping: '', listView: 'ÜBER view', sort: '🙂' });
  });

  it('when an array is patched, then it replaces the stored array', async () => {
    await patch({ pinnedStreamIds: ['a', 'b', 'c'] });
    expect((await patch({ pinnedStreamIds: ['c'] })).body.pinnedStreamIds).to.deep.equal(['c']);
  });

  it('when maps are patched, then they merge per key and null removes a key', async () => {
    await patch({ rankByStreamId: { a: 1, b: 2 }, lastViewedAt: { a: '2026-01-01T00:00:00Z' } });
    const reply = await patch({ rankByStreamId: { b: null, c: 3 }, lastViewedAt: { b: '2026-01-02T00:00:00Z' } });
    expect(reply.body.rankByStreamId).to.deep.equal({ a: 1, c: 3 });
    expect(reply.body.lastViewedAt).to.deep.equal({ a: '2026-01-01T00:00:00Z', b: '2026-01-02T00:00:00Z' });
  });

  it('when fields are null, then they are removed and others stay', async () => {
    await patch({ sort: 'recent', leftSidebarWidth: 200, hideStreamTipSeen: false, pinnedStreamIds: ['a'] });
    const reply = await patch({ sort: null, leftSidebarWidth: null, pinnedStreamIds: null });
    expect(reply.body).to.not.have.any.keys('sort', 'leftSidebarWidth', 'pinnedStreamIds');
    expect(reply.body.hideStreamTipSeen).to.equal(false);
  });

  const invalid: [string, unknown, string][] = [
    ['leftSidebarWidth is a fraction', { leftSidebarWidth: 250.5 }, '/body/leftSidebarWidth'],
    ['leftSidebarWidth is a numeric string', { leftSidebarWidth: '250' }, '/body/leftSidebarWidth'],
    ['a rank is a fraction', { rankByStreamId: { a: 0.5 } }, '/body/rankByStreamId/a'],
    ['a lastViewedAt value is no date-time', { lastViewedAt: { a: 'yesterday' } }, '/body/lastViewedAt/a'],
    ['hideStreamTipSeen is a string', { hideStreamTipSeen: 'yes' }, '/body/hideStreamTipSeen'],
    ['a pinned id is a number', { pinnedStreamIds: [1] }, '/body/pinnedStreamIds/0'],
    ['a pinned id is null', { pinnedSessionIds: [null] }, '/body/pinnedSessionIds/0'],
    ['grouping is a number', { grouping: 1 }, '/body/grouping'],
  ];
  for (const [name, body, path] of invalid) {
    it(`when ${name}, then 400 names ${path}`, async () => {
      const reply = await patch(body);
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal([path]);
    });
  }

  it('when the body is an array, then 400', async () => {
    const reply = await patch([{ sort: 'a' }]);
    expect(reply.status).to.equal(400);
    expect(pathsOf(reply)).to.deep.equal(['/body']);
  });
});
