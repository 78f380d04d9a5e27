import { expect } from 'chai';
import { call, pathsOf } from '../helpers/client.js';
import { startService, type Service } from '../helpers/service.js';

describe('PATCH /api/identity/settings/{namespace}', () => {
  let service: Service;
  beforeEach(async () => {
    service = await startService();
  });
  afterEach(async () => {
    await service.close();
  });

  const patch = (namespace: string, body: unknown) =>
    call(service, 'PATCH', `/api/identity/settings/${encodeURIComponent(namespace)}`, { body });
  const read = (namespace: string) => call(service, 'GET', `/api/identity/settings/${encodeURIComponent(namespace)}`);

  it('when a namespace is patched, then 200 returns namespace, settings and updatedAt, and GET reads it back', async () => {
    const reply = await patch('profile', { patch: { displayName: 'Ann', theme: { dark: true } } });
    expect(reply.status).to.equal(200);
    expect(reply.body).to.deep.include({
      namespace: 'profile',
      settings: { displayName: 'Ann', theme: { dark: true } },
    });
    expect(reply.body.updatedAt).to.be.a('string');
    expect((await read('profile')).body).to.deep.equal(reply.body);
  });

  it('when a namespace was never patched, then GET is 404', async () => {
    expect((await read('nothing-here')).status).to.equal(404);
  });

  it('when patched again, then keys merge, nested objects merge, arrays and scalars replace, null removes', async () => {
    await patch('prefs', { patch: { a: 1, b: [1, 2], nested: { x: 1, y: 2 }, gone: 'soon' } });
    const reply = await patch('prefs', { patch: { b: [3], nested: { y: null, z: 3 }, gone: null, c: 'new' } });
    expect(reply.body.settings).to.deep.equal({ a: 1, b: [3], nested: { x: 1, z: 3 }, c: 'new' });
  });

  it('when values are of any JSON type, then they are stored as sent', async () => {
    const values = { s: 'x', n: -1.5, t: true, f: false, a: [null, 1, { k: 'v' }], o: {}, big: 9007199254740991 };
    expect((await patch('any', { patch: values })).body.settings).to.deep.equal(values);
  });

  it('when namespaces differ, then they are kept apart', async () => {
    await patch('one', { patch: { k: 1 } });
    await patch('two', { patch: { k: 2 } });
    expect((await read('one')).body.settings).to.deep.equal({ k: 1 });
    expect((await read('two')).body.settings).to.deep.equal({ k: 2 });
  });

  it('when the namespace holds spaces, slashes or unicode, then it round-trips', async () => {
    const namespace = 'team/α b';
    const reply = await patch(namespace, { patch: { k: 1 } });
    expect(reply.status).to.equal(200);
    expect(reply.body.namespace).to.equal(namespace);
    expect((await read(namespace)).body.settings).to.deep.equal({ k: 1 });
  });

  it('when namespaces differ only by an escaped slash, then they stay apart', async () => {
    await patch('a/b', { patch: { which: 'slash' } });
    await patch('a%2Fb', { patch: { which: 'escaped' } });
    expect((await read('a/b')).body.settings).to.deep.equal({ which: 'slash' });
    expect((await read('a%2Fb')).body.settings).to.deep.equal({ which: 'escaped' });
  });

  it('when patch is missing, then 400 names /body/patch', async () => {
    const reply = await patch('p', { settings: {} });
    expect(reply.status).to.equal(400);
    expect(pathsOf(reply)).to.deep.equal(['/body/patch']);
  });

  for (const value of [null, [], 'x', 3]) {
    it(`when patch is ${JSON.stringify(value)}, then 400 names /body/patch`, async () => {
      const reply = await patch('p', { patch: value });
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/patch']);
    });
  }

  it('when keys are __proto__, constructor and prototype, then they are plain data and no prototype changes', async () => {
    const body =
      '{"patch":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":1}}';
    const reply = await call(service, 'PATCH', '/api/identity/settings/p', { body });
    expect(reply.status).to.equal(200);
    expect(Object.keys(reply.body.settings)).to.have.members(['__proto__', 'constructor', 'prototype']);
    expect(reply.body.settings.prototype).to.equal(1);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    const merged = await call(service, 'PATCH', '/api/identity/settings/p', {
      body: '{"patch":{"__proto__":{"more":1}}}',
    });
    expect(JSON.stringify(merged.body.settings)).to.contain('"__proto__":{"polluted":true,"more":1}');
    expect(({} as Record<string, unknown>).more).to.equal(undefined);
  });

  it('when the namespace is __proto__, then it is an ordinary namespace', async () => {
    const reply = await patch('__proto__', { patch: { k: 1 } });
    expect(reply.status).to.equal(200);
    expect((await read('__proto__')).body.settings).to.deep.equal({ k: 1 });
    expect((await read('other')).status).to.equal(404);
  });
});
