import { expect } from 'chai';
import {
  Configuration,
  CyclesApi,
  DevicesApi,
  ResponseError,
  isLinkNode,
  isListElement,
  isParagraphElement,
  isTextNode,
  isTypeOnlyNode,
  NotificationsApi,
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

const problemResponse = (status: number, body: object) =>
  new ResponseError(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/problem+json' } }),
  );
const conflict = {
  type: 'urn:problem:collab:conflict',
  title: 'Conflict',
  status: 409,
  updatedAt: '2026-11-20T10:12:44.718Z',
};

describe('the client as a package (generated/client/)', () => {
  let sandbox: Service;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
  });

  describe('headers', () => {
    it("when a call gives its own Prefer, then it joins the defaults: Content-Type and the Configuration's session header stay, and its Prefer replaces the default one", async () => {
      const session = `headers-${uuid()}`;
      const configuration = new Configuration({
        basePath: sandbox.url,
        headers: { 'X-Sandbox-Session': session, Prefer: 'code=404' },
      });
      const error = await new CyclesApi(configuration)
        .saveCycleTemplateDraft(
          { templateId: uuid(), cycleTemplateDraftInput: aDraft() as unknown as CycleTemplateDraftInput },
          { headers: { prefer: 'code=409, example=stale' } },
        )
        .catch((caught: unknown) => caught);
      const problem = await problemOf(error, 'saveCycleTemplateDraft');
      expect(problem?.status).to.equal(409); // not 415 (Content-Type dropped) nor 404 (the default Prefer kept)
      const log = await call(sandbox, 'GET', '/sandbox/requests', { headers: { 'x-sandbox-session': session } });
      expect(
        log.body.items.map((item: { prefer?: string; body?: unknown }) => [item.prefer, typeof item.body]),
      ).to.deep.equal([['code=409, example=stale', 'object']]);
    });
  });

  describe('paging', () => {
    it('when a list has more than a page, then each call gives nextCursor until the last page, which has none', async () => {
      const session = `paging-${uuid()}`;
      const devices = new DevicesApi(
        new Configuration({ basePath: sandbox.url, headers: { 'X-Sandbox-Session': session } }),
      );
      for (let count = 0; count < 3; count++)
        await devices.registerDevice({ deviceRegistration: aDevice() as unknown as DeviceRegistration });
      const all = await devices.listDevices({ limit: 100 });
      expect(all.items).to.have.length(5); // the seed's two and these three
      expect(all).to.not.have.property('nextCursor');
      const seen: string[] = [];
      const cursors: (string | undefined)[] = [];
      let cursor: string | undefined;
      do {
        const page = await devices.listDevices({ limit: 2, ...(cursor === undefined ? {} : { cursor }) });
        seen.push(...page.items.map((item) => item.installationId));
        cursor = page.nextCursor;
        cursors.push(cursor);
      } while (cursor !== undefined && cursors.length < 10);
      expect(cursors.map((each) => typeof each)).to.deep.equal(['string', 'string', 'undefined']);
      expect(seen).to.deep.equal(all.items.map((item) => item.installationId));
    });
  });

  describe('retries', () => {
    it('when the sandbox fails half the requests on purpose (503, Retry-After: 1), then every call still succeeds, POSTs and GETs alike', async () => {
      const session = `retries-${uuid()}`;
      await call(sandbox, 'POST', '/sandbox/reset', {
        headers: { 'x-sandbox-session': session },
        body: { seed: 'half', failureRate: 0.5 },
      }); // this seed fails the 1st, 3rd and 4th tries
      const retried: number[] = [];
      const devices = new DevicesApi(
        new Configuration({
          basePath: sandbox.url,
          headers: { 'X-Sandbox-Session': session },
          retry: { attempts: 8, onRetry: (retry) => retried.push(retry.status ?? 0) },
        }),
      );
      const registered = [];
      for (let count = 0; count < 3; count++)
        registered.push(
          await devices.registerDevice({ deviceRegistration: aDevice() as unknown as DeviceRegistration }),
        );
      const page = await devices.listDevices({ limit: 100 });
      expect(page.items.map((item) => item.installationId)).to.include.members(
        registered.map((device) => device.installationId),
      );
      const log = await call(sandbox, 'GET', '/sandbox/requests', { headers: { 'x-sandbox-session': session } });
      const statuses = (log.body.items as { status: number }[]).map((item) => item.status);
      expect(retried).to.deep.equal([503, 503, 503]);
      expect(statuses.filter((status) => status === 503)).to.have.length(3);
    });
  });

  describe('problemOf(error, operationId)', () => {
    it("when the status is one the operation declares, then the problem typed by it: a draft save's 409 has updatedAt", async () => {
      const problem = await problemOf(problemResponse(409, conflict), 'saveCycleTemplateDraft');
      expect(problem?.status === 409 ? problem.updatedAt : undefined).to.equal(conflict.updatedAt);
    });

    it('when the operation does not declare the status, or the body is no problem of that status, then undefined', async () => {
      expect(await problemOf(problemResponse(409, conflict), 'getStream')).to.equal(undefined);
      expect(await problemOf(problemResponse(404, conflict), 'getStream')).to.equal(undefined);
      expect(await problemOf(problemResponse(404, { status: 404 }), 'getStream')).to.equal(undefined);
      expect(
        await problemOf(
          new ResponseError(new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } })),
          'getStream',
        ),
      ).to.equal(undefined);
      expect(await problemOf(problemResponse(404, { ...conflict, status: 404 }), 'getStream')).to.deep.include({
        status: 404,
      });
    });

    it('when the types are used wrongly, then the type check says so', async () => {
      const problem = await problemOf(problemResponse(404, { ...conflict, status: 404 }), 'getStream');
      // @ts-expect-error getStream declares no problem with updatedAt
      expect(problem?.updatedAt).to.equal(conflict.updatedAt);
      // @ts-expect-error there is no such operation
      expect(await problemOf(problemResponse(404, conflict), 'getStreams')).to.equal(undefined);
    });
  });

  describe('patch types', () => {
    it("when a patch names a sound, then it is a Sound or null: the enum is kept (tsc refuses 'not-a-sound'), and the sandbox stores and removes it", async () => {
      const api = new NotificationsApi(
        new Configuration({ basePath: sandbox.url, headers: { 'X-Sandbox-Session': `sound-${uuid()}` } }),
      );
      const set: NotificationSettingsPatch = { sound: 'quack' };
      const removed: NotificationSettingsPatch = { sound: null };
      // @ts-expect-error not one of Sound's values: the patch type keeps the enum, as the contract does
      const wrong: NotificationSettingsPatch = { sound: 'not-a-sound' };
      // @ts-expect-error the server's own types (generated/) keep it too
      const wrongServerSide: ServerPatch = { sound: 'not-a-sound' };
      expect([wrong.sound, wrongServerSide.sound]).to.deep.equal(['not-a-sound', 'not-a-sound']);
      expect((await api.patchNotificationSettings({ notificationSettingsPatch: set })).sound).to.equal('quack');
      expect(await api.patchNotificationSettings({ notificationSettingsPatch: removed })).to.not.have.property('sound');
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
