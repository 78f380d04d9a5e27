import { expect } from 'chai';
import {
  createCollabClient,
  isLinkNode,
  isListElement,
  isParagraphElement,
  isTextNode,
  isTypeOnlyNode,
  nextCursor,
  problemOf,
  type CycleTemplateDraftInput,
  type DeviceRegistration,
  type NotificationSettingsPatch,
} from '../../generated/client/index.js';
import type { NotificationSettingsPatch as ServerPatch } from '../../generated/index.js';
import { call } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';
import type { LoggedRequest } from '../../src/sandbox/logged-entry.js';

describe('the client as a package (generated/client/)', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  describe('headers', () => {
    it("when a call gives its own Prefer, then it joins the client's: Content-Type and the session header stay, and its Prefer replaces the client's", async () => {
      const session = `headers-${uuid()}`;
      const client = createCollabClient({
        baseUrl: sandbox.url,
        headers: { 'X-Sandbox-Session': session, Prefer: 'code=404' },
      });
      const result = await client.PUT('/api/cycles/templates/{templateId}/draft', {
        params: { path: { templateId: uuid() } },
        body: aDraft() as unknown as CycleTemplateDraftInput,
        headers: { prefer: 'code=409, example=stale' },
      });
      expect(problemOf(result)?.status).to.equal(409); // not 415 (Content-Type dropped) nor 404 (the client's Prefer kept)
      const log = await call(sandbox, 'GET', '/sandbox/requests', { headers: { 'x-sandbox-session': session } });
      expect(
        log.body.items.map((item: { prefer?: string; body?: unknown }) => [item.prefer, typeof item.body]),
      ).to.deep.equal([['code=409, example=stale', 'object']]);
    });
  });

  describe('paging', () => {
    it("when a list has more than a page, then nextCursor reads each page's Link until the last page, which has none", async () => {
      const client = createCollabClient({ baseUrl: sandbox.url, headers: { 'X-Sandbox-Session': `paging-${uuid()}` } });
      for (let count = 0; count < 3; count++)
        await client.PUT('/api/notifications/devices', { body: aDevice() as unknown as DeviceRegistration });
      const all = await client.GET('/api/notifications/devices', { params: { query: { limit: 100 } } });
      expect(all.data?.items).to.have.length(5); // the seed's two and these three
      expect(nextCursor(all.response)).to.equal(undefined);
      const seen: string[] = [];
      const cursors: (string | undefined)[] = [];
      let cursor: string | undefined;
      do {
        const { data, response } = await client.GET('/api/notifications/devices', {
          params: { query: { limit: 2, cursor } },
        });
        seen.push(...(data?.items ?? []).map((item) => item.installationId));
        cursor = nextCursor(response);
        cursors.push(cursor);
      } while (cursor !== undefined && cursors.length < 10);
      expect(cursors.map((each) => typeof each)).to.deep.equal(['string', 'string', 'undefined']);
      expect(seen).to.deep.equal(all.data?.items.map((item) => item.installationId));
    });
  });

  describe('retries', () => {
    it('when the sandbox fails half the requests on purpose (503, Retry-After: 1), then every call still succeeds, POSTs and GETs alike, each POST on one key', async () => {
      const session = `retries-${uuid()}`;
      await call(sandbox, 'POST', '/sandbox/reset', {
        headers: { 'x-sandbox-session': session },
        body: { seed: 'half', failureRate: 0.5 },
      }); // this seed fails the 1st, 3rd and 4th tries
      const retried: number[] = [];
      const client = createCollabClient({
        baseUrl: sandbox.url,
        headers: { 'X-Sandbox-Session': session },
        retry: { attempts: 8, onRetry: (retry) => retried.push(retry.status ?? 0) },
      });
      const created = [];
      for (let count = 0; count < 3; count++)
        created.push((await client.POST('/api/streams', { body: { title: `retried ${count}` } })).data?.id);
      expect(retried).to.deep.equal([503, 503, 503]);
      const log = await call(sandbox, 'GET', '/sandbox/requests', { headers: { 'x-sandbox-session': session } });
      const byKey = new Map<string, number[]>();
      for (const { status, requestHeaders } of (log.body.items as LoggedRequest[]).reverse()) {
        const key = requestHeaders?.['idempotency-key'] ?? 'none';
        byKey.set(key, [...(byKey.get(key) ?? []), status]);
      }
      expect([...byKey.values()]).to.deep.equal([[503, 201], [503, 503, 201], [201]]);
      for (const [count, streamId] of created.entries()) {
        const { data } = await client.GET('/api/streams/{streamId}', { params: { path: { streamId: streamId! } } });
        expect(data?.title).to.equal(`retried ${count}`);
      }
    });
  });

  describe('patch types', () => {
    it("when a patch names a sound, then it is a Sound or null: the enum is kept (tsc refuses 'not-a-sound'), and the sandbox stores and removes it", async () => {
      const client = createCollabClient({ baseUrl: sandbox.url, headers: { 'X-Sandbox-Session': `sound-${uuid()}` } });
      const set: NotificationSettingsPatch = { sound: 'quack' };
      const removed: NotificationSettingsPatch = { sound: null };
      // @ts-expect-error not one of Sound's values: the patch type keeps the enum, as the contract does
      const wrong: NotificationSettingsPatch = { sound: 'not-a-sound' };
      // @ts-expect-error the server's own types (generated/) keep it too
      const wrongServerSide: ServerPatch = { sound: 'not-a-sound' };
      expect([wrong.sound, wrongServerSide.sound]).to.deep.equal(['not-a-sound', 'not-a-sound']);
      expect((await client.PATCH('/api/notifications/settings', { body: set })).data?.sound).to.equal('quack');
      expect((await client.PATCH('/api/notifications/settings', { body: removed })).data).to.not.have.property('sound');
    });
  });

  describe('type guards of the content tree', () => {
    it('when nodes are told apart by their members, then each guard says which variants a node is', () => {
      const text = { type: 'text', text: 'hi', style: { bold: true } };
      const link = { type: 'link', url: 'https://example.com', children: [text] };
      const list = { type: 'list', listType: 'bullet', start: 3, children: [] };
      const nodes = {
        text,
        link,
        list,
        typeOnly: { type: 'emoji' },
        badStart: { ...list, start: '3' },
        badText: { type: 'text', text: 7 },
        notANode: 'text',
      };
      const guards = { isTextNode, isLinkNode, isListElement, isParagraphElement, isTypeOnlyNode };
      const table = Object.fromEntries(
        Object.entries(nodes).map(([name, node]) => [
          name,
          Object.entries(guards)
            .filter(([, guard]) => guard(node))
            .map(([guard]) => guard),
        ]),
      );
      expect(table).to.deep.equal({
        text: ['isTextNode', 'isTypeOnlyNode'],
        link: ['isLinkNode', 'isParagraphElement', 'isTypeOnlyNode'], // a link has a paragraph's members too: anyOf
        list: ['isListElement', 'isParagraphElement', 'isTypeOnlyNode'],
        typeOnly: ['isTypeOnlyNode'],
        badStart: ['isParagraphElement', 'isTypeOnlyNode'],
        badText: ['isTypeOnlyNode'],
        notANode: [],
      });
    });
  });
});
