// The same client calls a front end makes, run in Node against the Prism mock and in
// Chromium against the client's MSW handlers (test/system/client-msw.test.ts): both must answer alike.
// Browser-safe: it imports nothing but the generated client.
import {
  Configuration,
  CyclesApi,
  DevicesApi,
  StreamsApi,
  isTextNode,
  problemOf,
  type CycleTemplateDraftInput,
} from '../../generated/client/index.js';

const STREAM = '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e';
const TEMPLATE = '0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b';
const draft: CycleTemplateDraftInput = {
  triggerName: 'weekly-review',
  description: null,
  phasesTemplate: [
    {
      id: '0193a5f2-7c31-7b66-8c77-8d9e0f1a2b3c',
      agentId: null,
      goal: 'g',
      instructions: null,
      autoAdvance: true,
      phaseName: null,
      operatorPool: [],
    },
  ],
};

export async function clientCalls(basePath: string) {
  // A front end sends its token (openapi.yaml's bearerAuth); the mock takes any, the MSW handlers do not look.
  const configuration = new Configuration({ basePath, accessToken: 'any-token' });
  const devices = new DevicesApi(configuration);
  const streams = new StreamsApi(configuration);
  const cycles = new CyclesApi(configuration);

  // Follow next until it is gone (at most 5 pages, so a mock that never ends fails rather than hangs).
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await devices.listDevices({ limit: 100, ...(cursor === undefined ? {} : { cursor }) });
    pages.push(page.items.length);
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages.length < 5);

  const stream = await streams.getStream({ streamId: STREAM });
  const texts = (stream.initialMessage?.content.blocks ?? [])
    .flatMap((block) => ('elements' in block ? block.elements : []))
    .flatMap((element) => ('children' in element ? element.children : []))
    .filter(isTextNode)
    .map((node) => node.text);
  const created = await streams.createStreamRaw({ createStreamRequest: { title: 'From the client' } });

  // A per-call Prefer joins the defaults: Content-Type stays (else 415, not 409).
  const conflict = await problemOf(
    await cycles
      .saveCycleTemplateDraft(
        { templateId: TEMPLATE, cycleTemplateDraftInput: draft },
        { headers: { Prefer: 'code=409, example=stale' } },
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      ),
    'saveCycleTemplateDraft',
  );
  const missing = await problemOf(
    await streams.getStream({ streamId: STREAM }, { headers: { Prefer: 'code=404' } }).then(
      () => undefined,
      (error: unknown) => error,
    ),
    'getStream',
  );

  return {
    pages,
    stream: { id: stream.id, title: stream.title, texts },
    created: {
      status: created.raw.status,
      location: created.raw.headers.get('Location'),
      id: (await created.value()).id,
    },
    conflict:
      conflict?.status === 409
        ? { status: conflict.status, type: conflict.type, updatedAt: conflict.updatedAt }
        : conflict,
    missing: missing === undefined ? undefined : { status: missing.status, type: missing.type },
  };
}

export type ClientCalls = Awaited<ReturnType<typeof clientCalls>>;
