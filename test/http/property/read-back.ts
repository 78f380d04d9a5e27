// For each write operation: where what was sent comes back (the read-back GET),
// what of it must be there, and how the read-back goes back to the write.
import { call, type Reply } from '../../helpers/client.js';
import type { Service } from '../../helpers/service.js';

type Json = Record<string, unknown>;

export interface ReadBack {
  /** What the GET returned. */
  got: unknown;
  /** What of the sent body must be in `got`. */
  expected: unknown;
  /** `expected` is a JSON merge patch: its nulls mean "absent". */
  merge: boolean;
  /** The read-back sent to the write operation, which must accept it. */
  resend: { method: string; path: string; body: unknown };
}

type ReadBackOf = (service: Service, path: string, sent: Json, written: Reply) => Promise<ReadBack>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function read(service: Service, path: string): Promise<Reply> {
  const reply = await call(service, 'GET', path);
  if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply;
}

/** Every item of a paged list, following `Link: <…>; rel="next"`. */
async function readAll(service: Service, first: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let path: string | undefined = first; path;) {
    const reply = await read(service, path);
    items.push(...(reply.body.items as Json[]));
    path = /^<([^>]+)>; rel="next"$/.exec(reply.headers.get('link') ?? '')?.[1];
  }
  return items;
}

const sameId = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

const mergedDocument =
  (path: string): ReadBackOf =>
  async (service, _path, sent) => {
    const { body } = await read(service, path);
    return { got: body, expected: sent, merge: true, resend: { method: 'PATCH', path, body } };
  };

export const readBacks: Record<string, ReadBackOf> = {
  createStream: async (service, _path, sent, written) => {
    const { body } = await read(service, `/api/streams/${written.body.id}`);
    const { title, visibility, memberUserIds, initialMessage } = sent as {
      title: string;
      visibility?: string;
      memberUserIds?: string[];
      initialMessage?: Json;
    };
    const expected = {
      title,
      ...(visibility === undefined ? {} : { visibility }),
      members: [...new Set(['local', ...(memberUserIds ?? [])])], // the creator first, then memberUserIds
      ...(initialMessage
        ? { initialMessage: { content: initialMessage.content, assetIds: initialMessage.assetIds ?? [] } }
        : {}),
    };
    return { got: body, expected, merge: false, resend: { method: 'POST', path: '/api/streams', body } };
  },
  patchNotificationSettings: mergedDocument('/api/notifications/settings'),
  patchNavigationPreferences: mergedDocument('/api/streams/nav'),
  registerDevice: async (service, path, sent) => {
    const items = await readAll(service, `${path}?limit=1000`);
    const got = items.find((item) => item.appId === sent.appId && item.installationId === sent.installationId);
    return { got, expected: sent, merge: false, resend: { method: 'PUT', path, body: got } };
  },
  saveCycleTemplateDraft: async (service, path, sent) => {
    const { body } = await read(service, path);
    const { createOnly: _createOnly, expectedDraftUpdatedAt: _expected, ...draft } = sent; // conditions of the save, not the draft
    return { got: body, expected: draft, merge: false, resend: { method: 'PUT', path, body } };
  },
  patchIdentitySettings: async (service, path, sent) => {
    const { body } = await read(service, path);
    return {
      got: body,
      expected: { settings: sent.patch },
      merge: true,
      resend: { method: 'PATCH', path, body: { patch: body.settings } },
    };
  },
  markRead: async (service, path, sent) => {
    const items = await readAll(service, `/api/chat/reads/${String(sent.streamId).toLowerCase()}`);
    const got = items.find((item) => sameId(item.threadSessionId ?? '', sent.threadSessionId ?? ''));
    return { got, expected: sent, merge: false, resend: { method: 'PUT', path, body: got } };
  },
};

/**
 * Where `actual` lacks what `expected` holds: every member of an object (with
 * `merge`, a null member must be absent instead), every item of an array, equal
 * scalars; UUIDs compare in any case.
 */
export function missingFrom(expected: unknown, actual: unknown, merge: boolean, path = ''): string[] {
  if (typeof expected === 'object' && expected !== null && !Array.isArray(expected)) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return [`${path}: ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([name, value]) => {
      const here = Object.hasOwn(actual, name) ? (actual as Json)[name] : undefined;
      if (merge && value === null) return here === undefined ? [] : [`${path}/${name}: not removed`];
      if (here === undefined) return [`${path}/${name}: missing`];
      return missingFrom(value, here, merge, `${path}/${name}`);
    });
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [`${path}: ${JSON.stringify(actual)}`];
    return expected.flatMap((item: unknown, index) => missingFrom(item, actual[index], false, `${path}/${index}`));
  }
  const same = expected === actual || (typeof expected === 'string' && UUID.test(expected) && sameId(expected, actual));
  return same ? [] : [`${path}: sent ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}
