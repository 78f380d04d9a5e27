import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { aDraft, uuid } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

// A draft PUT that fails both its HTTP precondition (If-Match, If-None-Match: 412) and its body's expectation
// (createOnly, expectedDraftUpdatedAt: 409) gets 412: preconditions are decided first (RFC 9110 §13.2.2), as
// saveCycleTemplateDraft says. On the service and the sandbox alike; nothing is saved either way.

for (const server of ['service', 'sandbox'] as const) {
  describe(`PUT /api/cycles/templates/{templateId}/draft, 412 before 409, on the ${server}`, () => {
    let target: Service;
    before(async () => {
      target = server === 'service' ? await startService() : await startSandbox();
    });
    after(async () => {
      await target.close();
    });
    const headers = { 'x-sandbox-session': `order-${uuid()}` };

    /** A draft saved twice: its path, the first answer's ETag and updatedAt (both stale now), and the current ETag. */
    async function savedTwice() {
      const path = `/api/cycles/templates/${uuid()}/draft`;
      const first = await call(target, 'PUT', path, { body: aDraft(), headers });
      const second = await call(target, 'PUT', path, { body: aDraft(), headers });
      return { path, stale: first.headers.get('etag')!, staleAt: first.body.updatedAt, current: second };
    }
    const save = (path: string, body: Record<string, unknown>, extra: Record<string, string>) =>
      call(target, 'PUT', path, { body: aDraft(body), headers: { ...headers, ...extra } });

    it('when If-Match is stale and createOnly meets a draft, then 412, and the draft is unchanged', async () => {
      const { path, stale, current } = await savedTwice();
      const reply = await save(path, { createOnly: true }, { 'if-match': stale });
      expect([reply.status, reply.body.type]).to.deep.equal([412, 'urn:problem:collab:precondition-failed']);
      expect((await call(target, 'GET', path, { headers })).body).to.deep.equal(current.body);
    });

    it('when If-Match is stale and expectedDraftUpdatedAt is stale too, then 412', async () => {
      const { path, stale, staleAt } = await savedTwice();
      expect((await save(path, { expectedDraftUpdatedAt: staleAt }, { 'if-match': stale })).status).to.equal(412);
    });

    it('when If-None-Match: * meets a draft and createOnly is true, then 412', async () => {
      const { path } = await savedTwice();
      expect((await save(path, { createOnly: true }, { 'if-none-match': '*' })).status).to.equal(412);
    });

    it('when If-Match holds but createOnly meets a draft, then 409 with the stored updatedAt', async () => {
      const { path, current } = await savedTwice();
      const reply = await save(path, { createOnly: true }, { 'if-match': current.headers.get('etag')! });
      expect([reply.status, reply.body.updatedAt]).to.deep.equal([409, current.body.updatedAt]);
    });
  });
}
