// The same client calls a front end makes, run in Node against the Prism mock and in
// Chromium against the client's MSW handlers (test/system/client-msw.test.ts): both must answer alike.
// Browser-safe: it imports nothing but the generated client.
import {
  createCollabClient,
  isTextNode,
  nextCursor,
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

export async function clientCalls(baseUrl: string) {
  // A front end sends its token (openapi.yaml's bearerAuth); the mock takes any, the MSW handlers do not look.
  const client = createCollabClient({ baseUrl, accessToken: 'any-token' });

  // Follow next until it is gone (at most 5 pages, so a mock that never ends fails rather than hangs).
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const { data, response } = await client.GET('/api/notifications/devices', {
      params: { query: { limit: 100, cursor } },
    });
    pages.push(data?.items.length ?? -1);
    cursor = nextCursor(response);
  } while (cursor !== undefined && pages.length < 5);

  const { data: stream } = await client.GET('/api/streams/{streamId}', { params: { path: { streamId: STREAM } } });
  const texts = (stream?.initialMessage?.content.blocks ?? [])
    .flatMap((block) => ('elements' in block ? block.elements : []))
    .flatMap((element) => ('children' in element ? element.children : []))
    .filter(isTextNode)
    .map((node) => node.text);
  const created = await client.POST('/api/streams', { body: { title: 'From the client' } });

  // A per-call Prefer joins the defaults: Content-Type stays (else 415, not 409).
  const conflict = problemOf(
    await client.PUT('/api/cycles/templates/{templateId}/draft', {
      params: { path: { templateId: TEMPLATE } },
      body: draft,
      headers: { Prefer: 'code=409, example=stale' },
    }),
  );
  const missing = problemOf(
    await client.GET('/api/streams/{streamId}', {
      params: { path: { streamId: STREAM } },
      headers: { Prefer: 'code=404' },
    }),
  );

  return {
    pages,
    stream: { id: stream?.id, title: stream?.title, texts },
    created: {
      status: created.response.status,
      location: created.response.headers.get('Location'),
      id: created.data?.id,
    },
    conflict:
      conflict && 'updatedAt' in conflict
        ? { status: conflict.status, type: conflict.type, updatedAt: conflict.updatedAt }
        : conflict,
    missing: missing === undefined ? undefined : { status: missing.status, type: missing.type },
  };
}

export type ClientCalls = Awaited<ReturnType<typeof clientCalls>>;
