import { expect } from 'chai';
import {
  Configuration,
  CyclesApi,
  DevicesApi,
  HealthApi,
  IdentityApi,
  NavigationApi,
  NotificationsApi,
  ReadsApi,
  StreamsApi,
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

/** The typed client as a front end builds it: one Configuration, one object per tag. */
function clientFor(basePath: string, headers: Record<string, string> = {}) {
  // The token a front end sends (openapi.yaml's bearerAuth); the mock wants one, a service in local mode reads none.
  const configuration = new Configuration({ basePath, headers, accessToken: MOCK_TOKEN });
  return {
    health: new HealthApi(configuration),
    streams: new StreamsApi(configuration),
    notifications: new NotificationsApi(configuration),
    devices: new DevicesApi(configuration),
    navigation: new NavigationApi(configuration),
    cycles: new CyclesApi(configuration),
    identity: new IdentityApi(configuration),
    reads: new ReadsApi(configuration),
  };
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
  const api = clientFor(target.url);
  expect(await api.health.checkLiveness()).to.deep.equal({ status: 'ok' });

  const created = await api.streams.createStreamRaw({
    createStreamRequest: { title: 'Client', initialMessage: { content: { blocks } } },
  });
  expect(created.raw.status).to.equal(201);
  const location = created.raw.headers.get('Location') ?? '';
  expect(location).to.match(/^\/api\/streams\/[0-9a-f-]{36}$/);
  const stream = await api.streams.getStream({ streamId: location.split('/').pop()! });
  if (stateful) expect(stream.initialMessage?.content.blocks).to.deep.equal(blocks);

  const settings: NotificationSettingsPatch = {
    vips: { ann: { bypass: true }, ben: { bypass: false } },
    sound: 'boing',
  };
  const added = await api.notifications.patchNotificationSettings({ notificationSettingsPatch: settings });
  if (stateful) expect(added.vips).to.have.property('ann');
  const removed = await api.notifications.patchNotificationSettings({
    notificationSettingsPatch: { vips: { ann: null }, sound: null },
  });
  if (stateful) {
    expect(removed.vips)
      .to.deep.include({ ben: { bypass: false } })
      .and.not.have.property('ann'); // null removed the map entry
    expect(removed).to.not.have.property('sound');
  }
  expect(await api.notifications.getNotificationSettings())
    .to.have.property('updatedAt')
    .that.is.a('string');

  const registration = device();
  const registered = await api.devices.registerDeviceRaw({ deviceRegistration: registration });
  expect(registered.raw.status).to.equal(stateful ? 201 : 200); // a known difference of the mock
  const { appId, installationId } = registration;
  if (stateful)
    expect(registered.raw.headers.get('Location')).to.equal(`/api/notifications/devices/${appId}/${installationId}`);
  const one = await api.devices.getDevice({ appId, installationId });
  if (stateful) expect(one).to.deep.equal(await registered.value());
  const listed = await api.devices.listDevices({ limit: 10 });
  if (stateful) expect(listed.items.map((item) => item.installationId)).to.include(registration.installationId);
  await api.devices.unregisterDevice({ appId: registration.appId, installationId: registration.installationId });

  const nav: NavigationPatch = {
    lastViewedAt: { [stream.id]: '2026-11-20T09:20:11+01:00', gone: null },
    rankByStreamId: { gone: null },
  };
  const patchedNav = await api.navigation.patchNavigationPreferences({ navigationPatch: nav });
  const lastViewed: string | undefined = patchedNav.lastViewedAt?.[stream.id]; // a date-time is a string
  if (stateful) expect(lastViewed).to.equal('2026-11-20T09:20:11+01:00');
  const again = await api.navigation.patchNavigationPreferences({ navigationPatch: nav });
  if (stateful) expect(again.updatedAt, 'a patch that changes nothing keeps updatedAt').to.equal(patchedNav.updatedAt);
  expect((await api.navigation.getNavigationPreferences()).updatedAt).to.be.a('string');
  // Every parameter optional: the Raw method, as the plain one, is called with none.
  const navRaw = await api.navigation.getNavigationPreferencesRaw();
  expect(navRaw.raw.status).to.equal(200);
  expect((await navRaw.value()).updatedAt).to.be.a('string');
  expect((await (await api.devices.listDevicesRaw()).value()).items).to.be.an('array');

  const templateId = uuid();
  const first = await api.cycles.saveCycleTemplateDraftRaw({
    templateId,
    cycleTemplateDraftInput: draft({ createOnly: true }),
  });
  const saved = await first.value();
  expect((await api.cycles.getCycleTemplateDraft({ templateId })).triggerName).to.equal(saved.triggerName);

  const identity = await api.identity.patchIdentitySettings({
    namespace: 'profile',
    identitySettingsPatch: { patch: { theme: { mode: 'dark' }, shortcuts: null } },
  });
  expect(identity.namespace).to.equal('profile');
  expect((await api.identity.getIdentitySettings({ namespace: 'profile' })).settings).to.be.an('object');

  const streamId = stream.id;
  const marker = await api.reads.markRead({ readMarkerInput: { streamId, lastReadMessageId: uuid() } });
  const markers = await api.reads.listReadMarkers({ streamId: marker.streamId, limit: 5 });
  if (stateful) expect(markers.items).to.deep.equal([marker]);
}

describe('the typed client (generated/client, typescript-fetch)', function () {
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

  it('when a draft save conflicts (the service: a second createOnly save), then the 409 is a typed DraftConflictProblem with the stored updatedAt', async () => {
    const { cycles } = clientFor(service.url);
    const templateId = uuid();
    const stored = await cycles.saveCycleTemplateDraft({ templateId, cycleTemplateDraftInput: draft() });
    const error = await cycles
      .saveCycleTemplateDraft({ templateId, cycleTemplateDraftInput: draft({ createOnly: true }) })
      .catch((caught: unknown) => caught);
    const problem = await problemOf(error, 'saveCycleTemplateDraft');
    expect(problem).to.include({ status: 409, type: 'urn:problem:collab:conflict', updatedAt: stored.updatedAt });
  });

  it('when the mock is asked for a 409 (Prefer: code=409, example=stale), then the client reads the same typed problem', async () => {
    const { cycles } = clientFor(mock.url, { Prefer: 'code=409, example=stale' });
    const error = await cycles
      .saveCycleTemplateDraft({ templateId: uuid(), cycleTemplateDraftInput: draft() })
      .catch((caught: unknown) => caught);
    const problem = await problemOf(error, 'saveCycleTemplateDraft');
    expect(problem?.status).to.equal(409);
    if (problem?.status === 409) expect(problem.updatedAt).to.be.a('string'); // typed: only the 409 has updatedAt
  });

  it('when a call is answered 400, then problemOf gives the errors naming each field', async () => {
    const { reads } = clientFor(service.url);
    const error = await reads
      .markRead({ readMarkerInput: { streamId: 'not-a-uuid', lastReadMessageId: uuid() } })
      .catch((caught: unknown) => caught);
    const problem = await problemOf(error);
    expect(problem?.errors?.map((field) => field.path)).to.deep.equal(['/body/streamId']);
    expect(await problemOf(new Error('not an HTTP error'))).to.equal(undefined);
  });
});
