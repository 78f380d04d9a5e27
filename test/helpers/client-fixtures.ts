import {
  createCollabClient,
  type Block,
  type CycleTemplateDraftInput,
  type DeviceRegistration,
  type InlineNode,
  type ListElement,
} from '../../generated/client/index.js';
import { uuid } from './factories.js';
import { MOCK_TOKEN, startPrism } from './prism.js';
import { startSandbox } from './sandbox.js';
import { startService, type Service } from './service.js';

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
export const blocks: Block[] = [
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

export const device = (): DeviceRegistration => ({
  installationId: `client-${uuid()}`,
  appId: 'com.example.chat',
  platform: 'web',
  token: 'push-token',
  environment: 'sandbox',
  transport: 'push_gateway',
});
export const draft = (overrides: Partial<CycleTemplateDraftInput> = {}): CycleTemplateDraftInput => ({
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

/** The typed client as a front end builds it: one configuration. */
export const clientFor = (baseUrl: string, headers: Record<string, string> = {}) =>
  // The token a front end sends (openapi.yaml's bearerAuth); the mock wants one, a service in local mode reads none.
  createCollabClient({ baseUrl, headers, accessToken: MOCK_TOKEN });

/** A call's data, after checking it succeeded (a failure says its status and body). */
export function ok<T>({ data, error, response }: { data?: T; error?: unknown; response: Response }): T {
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${JSON.stringify(error)}`);
  return data as T;
}

/** The service, the sandbox and the Prism mock for the describe block calling it: started before its tests, closed after. */
export function withBackends(): Record<'service' | 'sandbox' | 'mock', Service> {
  const backends = {} as Record<'service' | 'sandbox' | 'mock', Service>;
  before(async () => {
    [backends.service, backends.sandbox, backends.mock] = await Promise.all([
      startService(),
      startSandbox(),
      startPrism('mock'),
    ]);
  });
  after(async () => {
    await Promise.all(Object.values(backends).map((backend) => backend.close()));
  });
  return backends;
}
