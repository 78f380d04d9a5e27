import { expect } from 'chai';
import {
  createCollabClient,
  problemOf,
  type Block,
  type CycleTemplateDraftInput,
  type DeviceRegistration,
  type InlineNode,
  type ListElement,
  type NavigationPatch,
  type NotificationSettingsPatch,
} from '../../generated/client/index.js';
import { uuid } from '../helpers/factories.js';
import { MOCK_TOKEN, startPrism } from '../helpers/prism.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

/** The typed client as a front end builds it: one configuration. */
const clientFor = (baseUrl: string, headers: Record<string, string> = {}) =>
  // The token a front end sends (openapi.yaml's bearerAuth); the mock wants one, a service in local mode reads none.
  createCollabClient({ baseUrl, headers, accessToken: MOCK_TOKEN });

/** A call's data, after checking it succeeded (a failure says its status and body). */
function ok<T>({ data, error, response }: { data?: T; error?: unknown; response: Response }): T {
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${JSON.stringify(error)}`);
  return data as T;
}

// Every variant of the content tree, nested: the unions accept each one as it is.
const inline: InlineNode[] = [
  { type: 'text', text: 'Launch ', style: { bold: true } },
  { type: 'link', url: 'https://example.com/plan', children: [{ type: 'text', text: 'the plan' }, { type: 'emoji' }] },
  { type: 'mention' },
  { type: 'trigger', triggerName: 'weekly-review' },
];
const nestedList: ListElement = {
  type: 'list',
  listType: 'bullet',
  children: [
    {
      type: 'list_item',
      children: [
        { type: 'text', text: 'outer' },
        {
          type: 'list',
          listType: 'ordered',
          start: 3,
          children: [{ type: 'list_item', checked: true, children: [{ type: 'text', text: 'inner' }] }],
        },
      ],
    },
  ],
};
const blocks: Block[] = [
  {
    type: 'rich_text',
    elements: [
      { type: 'paragraph', children: inline },
      nestedList,
      { type: 'code', language: 'ts', code: 'let x = 1;' },
      {
        type: 'table',
        children: [
          { type: 'row', children: [{ type: 'cell', align: 'left', children: [{ type: 'text', text: 'cell' }] }] },
        ],
      },
    ],
  },
  { type: 'markdown', markdown: '**hi**' },
  { type: 'asset', assetId: uuid(), fileName: 'plan.pdf', contentType: 'application/pdf' },
  { type: 'component', component: 'poll', options: ['yes', 'no'] },
];

const device = (): DeviceRegistration => ({
  installationId: `client-${uuid()}`,
  appId: 'com.example.chat',
  platform: 'web',
  token: 'push-token',
  environment: 'sandbox',
  transport: 'push_gateway',
});
const draft = (overrides: Partial<CycleTemplateDraftInput> = {}): CycleTemplateDraftInput => ({
  triggerName: 'weekly-review',
  description: null,
  phasesTemplate: [
    {
      id: uuid(),
      agentId: null,
      goal: 'Collect',
      instructions: null,
      autoAdvance: true,
      phaseName: null,
      operatorPool: [],
    },
  ],
  ...overrides,
});

/** Drives every operation of openapi.yaml through the client; `stateful` targets must show what was written. */
async function useEveryOperation(target: Service, stateful: boolean): Promise<void> {
  const client = clientFor(target.url);
  expect(ok(await client.GET('/healthz'))).to.deep.equal({ status: 'ok' });
  expect(ok(await client.GET('/readyz'))).to.have.property('status');
  expect(ok(await client.GET('/metrics', { parseAs: 'text' }))).to.be.a('string');

  const created = await client.POST('/api/streams', {
    body: { title: 'Client', initialMessage: { content: { blocks } } },
  });
  expect(created.response.status).to.equal(201);
  const location = created.response.headers.get('Location') ?? '';
  expect(location).to.match(/^\/api\/streams\/[0-9a-f-]{36}$/);
  const stream = ok(
    await client.GET('/api/streams/{streamId}', { params: { path: { streamId: location.split('/').pop()! } } }),
  );
  if (stateful) expect(stream.initialMessage?.content.blocks).to.deep.equal(blocks);

  const settings: NotificationSettingsPatch = {
    vips: { ann: { bypass: true }, ben: { bypass: false } },
    sound: 'boing',
  };
  const added = ok(await client.PATCH('/api/notifications/settings', { body: settings }));
  if (stateful) expect(added.vips).to.have.property('ann');
  const removed = ok(await client.PATCH('/api/notifications/settings', { body: { vips: { ann: null }, sound: null } }));
  if (stateful) {
    expect(removed.vips)
      .to.deep.include({ ben: { bypass: false } })
      .and.not.have.property('ann'); // null removed the map entry
    expect(removed).to.not.have.property('sound');
  }
  expect(ok(await client.GET('/api/notifications/settings')))
    .to.have.property('updatedAt')
    .that.is.a('string');

  const registration = device();
  const registered = await client.PUT('/api/notifications/devices', { body: registration });
  expect(registered.response.status).to.equal(stateful ? 201 : 200); // a known difference of the mock
  const path = { appId: registration.appId, installationId: registration.installationId };
  if (stateful)
    expect(registered.response.headers.get('Location')).to.equal(
      `/api/notifications/devices/${path.appId}/${path.installationId}`,
    );
  const one = ok(await client.GET('/api/notifications/devices/{appId}/{installationId}', { params: { path } }));
  if (stateful) expect(one).to.deep.equal(registered.data);
  const listed = ok(await client.GET('/api/notifications/devices', { params: { query: { limit: 10 } } }));
  if (stateful) expect(listed.items.map((item) => item.installationId)).to.include(registration.installationId);
  ok(await client.DELETE('/api/notifications/devices/{appId}/{installationId}', { params: { path } }));

  const nav: NavigationPatch = {
    lastViewedAt: { [stream.id]: '2026-11-20T09:20:11+01:00', gone: null },
    rankByStreamId: { gone: null },
  };
  const patchedNav = ok(await client.PATCH('/api/streams/nav', { body: nav }));
  const lastViewed: string | null | undefined = patchedNav.lastViewedAt?.[stream.id]; // a date-time is a string
  if (stateful) expect(lastViewed).to.equal('2026-11-20T09:20:11+01:00');
  const again = ok(await client.PATCH('/api/streams/nav', { body: nav }));
  if (stateful) expect(again.updatedAt, 'a patch that changes nothing keeps updatedAt').to.equal(patchedNav.updatedAt);
  expect(ok(await client.GET('/api/streams/nav')).updatedAt).to.be.a('string');
  expect(ok(await client.GET('/api/notifications/devices')).items).to.be.an('array'); // every parameter optional: none

  const templateId = uuid();
  const saved = ok(
    await client.PUT('/api/cycles/templates/{templateId}/draft', {
      params: { path: { templateId } },
      body: draft({ createOnly: true }),
    }),
  );
  const read = ok(await client.GET('/api/cycles/templates/{templateId}/draft', { params: { path: { templateId } } }));
  expect(read.triggerName).to.equal(saved.triggerName);

  const namespace = { path: { namespace: 'profile' } };
  const identity = ok(
    await client.PATCH('/api/identity/settings/{namespace}', {
      params: namespace,
      body: { patch: { theme: { mode: 'dark' }, shortcuts: null } },
    }),
  );
  expect(identity.namespace).to.equal('profile');
  expect(ok(await client.GET('/api/identity/settings/{namespace}', { params: namespace })).settings).to.be.an('object');

  const marker = ok(await client.PUT('/api/chat/reads', { body: { streamId: stream.id, lastReadMessageId: uuid() } }));
  const markers = ok(
    await client.GET('/api/chat/reads/{streamId}', {
      params: { path: { streamId: marker.streamId }, query: { limit: 5 } },
    }),
  );
  if (stateful) expect(markers.items).to.deep.equal([marker]);
}

describe('the typed client (generated/client: openapi-fetch on openapi-typescript)', function () {
  this.timeout(120_000);
  let service: Service;
  let sandbox: Service;
  let mock: Service;
  before(async () => {
    [service, sandbox, mock] = await Promise.all([startService(), startSandbox(), startPrism('mock')]);
  });
  after(async () => {
    await Promise.all([service.close(), sandbox.close(), mock.close()]);
  });

  it('when every operation is used against the service, then each answers as the contract says and reads back what was written', async () => {
    await useEveryOperation(service, true);
  });
  it('when every operation is used against the sandbox, then the same', async () => {
    await useEveryOperation(sandbox, true);
  });
  it('when every operation is used against the Prism mock, then each answers with its example', async () => {
    await useEveryOperation(mock, false);
  });

  it('when a draft save conflicts (the service: a second createOnly save), then problemOf gives the 409, a DraftConflictProblem with the stored updatedAt', async () => {
    const client = clientFor(service.url);
    const params = { path: { templateId: uuid() } };
    const stored = ok(await client.PUT('/api/cycles/templates/{templateId}/draft', { params, body: draft() }));
    const problem = problemOf(
      await client.PUT('/api/cycles/templates/{templateId}/draft', { params, body: draft({ createOnly: true }) }),
    );
    expect(problem).to.include({ status: 409, type: 'urn:problem:collab:conflict', updatedAt: stored.updatedAt });
  });

  it('when the mock is asked for a 409 (Prefer: code=409, example=stale), then the client reads the same typed problem', async () => {
    const client = clientFor(mock.url, { Prefer: 'code=409, example=stale' });
    const problem = problemOf(
      await client.PUT('/api/cycles/templates/{templateId}/draft', {
        params: { path: { templateId: uuid() } },
        body: draft(),
      }),
    );
    expect(problem?.status).to.equal(409);
    if (problem && 'updatedAt' in problem)
      expect(problem.updatedAt).to.be.a('string'); // typed: only the 409 has updatedAt
    else expect.fail('the 409 is a DraftConflictProblem');
  });

  it('when a call is answered 400, then problemOf gives the errors naming each field', async () => {
    const client = clientFor(service.url);
    const result = await client.PUT('/api/chat/reads', { body: { streamId: 'not-a-uuid', lastReadMessageId: uuid() } });
    expect(problemOf(result)?.errors?.map((field) => field.path)).to.deep.equal(['/body/streamId']);
    expect(problemOf({ response: new Response('not a problem', { status: 500 }) })).to.equal(undefined);
  });
});
