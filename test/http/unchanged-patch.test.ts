import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

// A PATCH that changes nothing keeps the document as it was: its updatedAt and its ETag too, so a tag another tab
// holds stays current. On the service and the sandbox alike.

/** Each merge-patched document: its path, a patch that changes it, and patches that then change nothing. */
const DOCUMENTS = [
  {
    name: 'navigation',
    path: () => '/api/streams/nav',
    change: { sort: 'recent', rankByStreamId: { a: 1 } },
    again: [{ sort: 'recent' }, { rankByStreamId: { a: 1 } }, { grouping: null }, {}],
  },
  {
    name: 'notification settings',
    path: () => '/api/notifications/settings',
    change: { sound: 'boing', vips: { ann: { bypass: true } } },
    again: [{ sound: 'boing' }, { vips: { ann: { bypass: true } } }, { channels: null }, {}],
  },
  {
    name: 'an identity namespace',
    path: () => `/api/identity/settings/ns-${uuid()}`,
    change: { patch: { theme: 'dark', size: { w: 2 } } },
    again: [{ patch: { theme: 'dark' } }, { patch: { size: { w: 2 } } }, { patch: { gone: null } }, { patch: {} }],
  },
];

for (const server of ['service', 'sandbox'] as const) {
  describe(`PATCH that changes nothing, on the ${server}`, () => {
    let target: Service;
    // The sandbox's session starts from no data, as the service's user does.
    const headers = { 'x-sandbox-session': `unchanged-${uuid()}` };
    before(async () => {
      target = server === 'service' ? await startService() : await startSandbox();
      if (server === 'sandbox')
        await call(target, 'POST', '/sandbox/reset', { body: { scenario: 'empty-user' }, headers });
    });
    after(async () => {
      await target.close();
    });

    for (const { name, path, change, again } of DOCUMENTS) {
      it(`when ${name} is patched with what it already holds, then updatedAt and the ETag stay, and the old tag still matches`, async () => {
        const at = path();
        const changed = await call(target, 'PATCH', at, { body: change, headers });
        expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
        const tag = changed.headers.get('etag')!;
        for (const patch of again) {
          const same = await call(target, 'PATCH', at, { body: patch, headers: { ...headers, 'if-match': tag } });
          expect(same.status, JSON.stringify(patch)).to.equal(200);
          expect(same.headers.get('etag'), JSON.stringify(patch)).to.equal(tag);
          expect(same.body, JSON.stringify(patch)).to.deep.equal(changed.body);
        }
        const read = await call(target, 'GET', at, { headers: { ...headers, 'if-none-match': tag } });
        expect(read.status).to.equal(304);
      });
    }

    it('when the defaults are patched with nothing new, then the answer is the defaults, as GET shows them', async () => {
      // A user who never wrote: a new service, or a new sandbox session reset to no data.
      const fresh = server === 'service' ? await startService() : target;
      const session = { 'x-sandbox-session': `defaults-${uuid()}` };
      try {
        if (server === 'sandbox')
          await call(fresh, 'POST', '/sandbox/reset', { body: { scenario: 'empty-user' }, headers: session });
        const before = await call(fresh, 'GET', '/api/streams/nav', { headers: session });
        const patched = await call(fresh, 'PATCH', '/api/streams/nav', { body: { sort: null }, headers: session });
        expect([patched.status, patched.headers.get('etag')]).to.deep.equal([200, before.headers.get('etag')]);
        expect(patched.body).to.deep.equal(before.body);
        expect(patched.body.updatedAt).to.equal('1970-01-01T00:00:00.000Z');
      } finally {
        if (fresh !== target) await fresh.close();
      }
    });
  });
}
