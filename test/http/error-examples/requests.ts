// The request behind each error example in mocks/examples: sent to the service,
// it must produce a problem with the example's type, title and error paths.
import { SignJWT } from 'jose';
import { openMemoryStore } from '../../../src/store/memory/memory-store.js';
import { StoreFullError, StoreUnavailableError, type Store } from '../../../src/store/store.js';
import { call, type Reply } from '../../helpers/client.js';
import { holdRequest, rawBytes } from '../../helpers/raw.js';
import { aDevice, aDraft, anAvailability, aPhase, text, uuid } from '../../helpers/factories.js';
import { freshDataFile, openTestStore, startService, type Service } from '../../helpers/service.js';
import { startSandbox } from '../../helpers/sandbox.js';
import { gatedStore } from '../../helpers/store-gates.js';
import { retryRequests } from './retry-requests.js';

export const SECRET = 'an-error-example-secret-long-enough-0123456789';

/** The services the requests go to: as configured by default, with authentication, over a store with a bug, over a store that cannot serve. */
export interface Services {
  plain: Service;
  authenticated: Service;
  buggy: Service;
  unavailable: Service;
  /** Shutting down: /readyz answers 503. */
  stopping: Service;
  full: Service;
  /** One write per minute. */
  strict: Service;
  /** One request in flight per user. */
  busy: Service;
  /** One device, stream, draft, identity namespace and read marker per user. */
  quota: Service;
  /** One idempotency key per user. */
  keys: Service;
  /** 1 KiB stored per user. */
  small: Service;
  /** Headers within 0.5 s, the whole request within 1 s. */
  slow: Service;
  /** Its next stream write waits until released: a create held in flight. */
  held: Service & { arm: ReturnType<typeof gatedStore>['arm'] };
  /** The sandbox, holding one session written to, unused for at least 10 minutes before it may be dropped. */
  crowded: Service;
}

function failingStore(failure: () => Error): Store {
  const store = openMemoryStore();
  return {
    ...store,
    get: async () => {
      throw failure();
    },
    list: async () => {
      throw failure();
    },
    update: async () => {
      throw failure();
    },
    ping: async () => {
      throw failure();
    },
  };
}

export async function startServices(): Promise<Services> {
  return {
    plain: await startService(),
    authenticated: await startService({ auth: { secret: SECRET } }),
    buggy: await startService({ store: failingStore(() => new Error('a bug')) }),
    unavailable: await startService({ store: failingStore(() => new StoreUnavailableError('disk full')) }),
    stopping: await startService({ stopping: { stopping: true } }),
    full: await startService({ store: failingStore(() => new StoreFullError('it holds 1073741000 bytes')) }),
    strict: await startService({ limits: { writesPerWindow: 1 } }),
    busy: await startService({ limits: { inFlightPerUser: 1 } }),
    quota: await startService({ quotas: { devices: 1, streams: 1, drafts: 1, identityNamespaces: 1, readMarkers: 1 } }),
    keys: await startService({ quotas: { idempotencyKeys: 1 } }),
    small: await startService({ quotas: { bytes: 1024 } }),
    slow: await startService({ timeouts: { headersTimeout: 500, requestTimeout: 1_000, keepAliveTimeout: 500 } }),
    held: await (async () => {
      const store = gatedStore(await openTestStore(await freshDataFile()), 'streams');
      return { ...(await startService({ store })), arm: () => store.arm() };
    })(),
    crowded: await startSandbox({ sessions: { max: 1, idleMs: 600_000 } }),
  };
}

const STREAM = '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e';
const draftPath = (templateId = uuid()) => `/api/cycles/templates/${templateId}/draft`;

async function saveTwice(plain: Service): Promise<{ path: string; first: Reply }> {
  const path = draftPath();
  const first = await call(plain, 'PUT', path, { body: aDraft() });
  await call(plain, 'PUT', path, { body: aDraft() });
  return { path, first };
}

async function expiredToken(): Promise<string> {
  return new SignJWT({ sub: 'u_ana' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(SECRET));
}

/** Exactly these bytes on a fresh connection; the answer as the server wrote it before closing the connection. */
async function rawReply(service: Service, bytes: string): Promise<Reply> {
  const { status, headers, text } = await rawBytes(service, bytes);
  return { status, headers, body: JSON.parse(text || 'null') };
}

/** By example file: the request (or requests) that produce it. */
export const errorRequests: Record<string, (services: Services) => Promise<Reply>> = {
  ...retryRequests,
  'stream-title-missing.json': ({ plain }) => call(plain, 'POST', '/api/streams', { body: { visibility: 'team' } }),
  'quota-exceeded-streams.json': async ({ quota }) => {
    await call(quota, 'POST', '/api/streams', { body: { title: 'first' } });
    return call(quota, 'POST', '/api/streams', { body: { title: 'one too many' } });
  },
  'quota-exceeded-idempotency-keys.json': async ({ keys }) => {
    await call(keys, 'POST', '/api/streams', { body: { title: 'first' }, headers: { 'idempotency-key': uuid() } });
    return call(keys, 'POST', '/api/streams', { body: { title: 'second' }, headers: { 'idempotency-key': uuid() } });
  },
  'quota-exceeded-drafts.json': async ({ quota }) => {
    await call(quota, 'PUT', draftPath(), { body: aDraft() });
    return call(quota, 'PUT', draftPath(), { body: aDraft() });
  },
  'quota-exceeded-namespaces.json': async ({ quota }) => {
    await call(quota, 'PATCH', '/api/identity/settings/first', { body: { patch: { theme: 'dark' } } });
    return call(quota, 'PATCH', '/api/identity/settings/second', { body: { patch: { theme: 'dark' } } });
  },
  'quota-exceeded-read-markers.json': async ({ quota }) => {
    await call(quota, 'PUT', '/api/chat/reads', { body: { streamId: uuid(), lastReadMessageId: uuid() } });
    return call(quota, 'PUT', '/api/chat/reads', { body: { streamId: uuid(), lastReadMessageId: uuid() } });
  },
  'quota-exceeded-bytes.json': ({ small }) => call(small, 'PATCH', '/api/streams/nav', { body: { sort: text(2048) } }),
  'stream-id-invalid.json': ({ plain }) => call(plain, 'GET', '/api/streams/general'),
  'if-none-match-invalid.json': ({ plain }) =>
    call(plain, 'GET', '/api/streams/nav', { headers: { 'if-none-match': 'garbage' } }),
  'stream-not-found.json': ({ plain }) => call(plain, 'GET', `/api/streams/${STREAM}`),
  'nav-invalid.json': ({ plain }) => call(plain, 'PATCH', '/api/streams/nav', { body: { leftSidebarWidth: 280.5 } }),
  'notification-settings-invalid.json': ({ plain }) =>
    call(plain, 'PATCH', '/api/notifications/settings', { body: { availability: anAvailability({ start: '24:00' }) } }),
  'devices-limit-invalid.json': ({ plain }) => call(plain, 'GET', '/api/notifications/devices?limit=5000'),
  'device-invalid.json': ({ plain }) => {
    const { token: _token, ...device } = aDevice({ platform: 'ios' });
    return call(plain, 'PUT', '/api/notifications/devices', { body: device });
  },
  'device-path-invalid.json': ({ plain }) =>
    call(plain, 'DELETE', `/api/notifications/devices/com.example.chat/${text(129)}`),
  'device-not-found.json': ({ plain }) =>
    call(plain, 'DELETE', '/api/notifications/devices/com.example.chat/6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6'),
  'draft-template-id-invalid.json': ({ plain }) => call(plain, 'GET', '/api/cycles/templates/weekly-review/draft'),
  'draft-not-found.json': ({ plain }) => call(plain, 'GET', draftPath()),
  'draft-trigger-name-invalid.json': ({ plain }) =>
    call(plain, 'PUT', draftPath(), { body: aDraft({ triggerName: 'Weekly Review' }) }),
  'draft-phase-id-repeated.json': ({ plain }) => {
    const id = uuid();
    return call(plain, 'PUT', draftPath(), { body: aDraft({ phasesTemplate: [aPhase({ id }), aPhase({ id })] }) });
  },
  'draft-exists.json': async ({ plain }) => {
    const path = draftPath();
    await call(plain, 'PUT', path, { body: aDraft() });
    return call(plain, 'PUT', path, { body: aDraft({ createOnly: true }) });
  },
  'draft-stale.json': async ({ plain }) => {
    const { path, first } = await saveTwice(plain);
    return call(plain, 'PUT', path, { body: aDraft({ expectedDraftUpdatedAt: first.body.updatedAt }) });
  },
  'draft-missing.json': ({ plain }) =>
    call(plain, 'PUT', draftPath(), { body: aDraft({ expectedDraftUpdatedAt: '2026-11-20T10:12:44.718Z' }) }),
  'identity-invalid.json': ({ plain }) =>
    call(plain, 'PATCH', '/api/identity/settings/profile', { body: { patch: 'dark' } }),
  'identity-too-deep.json': ({ plain }) =>
    call(plain, 'PATCH', '/api/identity/settings/profile', {
      body: `{"patch":${'{"a":'.repeat(300)}1${'}'.repeat(300)}}`,
    }),
  'identity-not-found.json': ({ plain }) => call(plain, 'GET', '/api/identity/settings/profile'),
  'read-marker-invalid.json': ({ plain }) =>
    call(plain, 'PUT', '/api/chat/reads', { body: { streamId: 'general', lastReadMessageId: uuid() } }),
  'reads-stream-id-invalid.json': ({ plain }) => call(plain, 'GET', '/api/chat/reads/general'),
  'unauthenticated.json': async ({ authenticated }) =>
    call(authenticated, 'GET', '/api/streams/nav', { headers: { authorization: `Bearer ${await expiredToken()}` } }),
  'payload-too-large.json': ({ plain }) =>
    call(plain, 'PUT', '/api/chat/reads', {
      body: { streamId: STREAM, lastReadMessageId: STREAM, note: text(1024 * 1024) },
    }),
  'document-too-large.json': ({ plain }) =>
    call(plain, 'PATCH', '/api/identity/settings/profile', { body: { patch: { about: text(300 * 1024) } } }),
  'unsupported-media-type.json': ({ plain }) =>
    call(plain, 'PUT', '/api/chat/reads', { body: '{}', headers: { 'content-type': 'text/plain' } }),
  'method-not-allowed.json': ({ plain }) => call(plain, 'DELETE', '/api/streams/nav'),
  'request-timeout.json': ({ slow }) => rawReply(slow, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
  'headers-too-large.json': ({ plain }) =>
    rawReply(plain, `GET /api/streams/nav?x=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
  'malformed-request.json': ({ plain }) =>
    rawReply(plain, 'PUT /api/chat/reads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n'),
  'host-not-allowed.json': ({ plain }) =>
    rawReply(plain, 'GET /api/streams/nav HTTP/1.1\r\nHost: attacker.test:3000\r\nConnection: close\r\n\r\n'),
  'internal-error.json': ({ buggy }) => call(buggy, 'GET', '/api/streams/nav'),
  'not-ready.json': ({ unavailable }) => call(unavailable, 'GET', '/readyz'),
  'stopping.json': ({ stopping }) => call(stopping, 'GET', '/readyz'),
  'store-unavailable.json': ({ unavailable }) =>
    call(unavailable, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } }),
  'quota-exceeded.json': async ({ quota }) => {
    await call(quota, 'PUT', '/api/notifications/devices', { body: aDevice() });
    return call(quota, 'PUT', '/api/notifications/devices', { body: aDevice() });
  },
  'storage-full.json': ({ full }) => call(full, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } }),
  'rate-limited.json': async ({ strict }) => {
    await call(strict, 'PUT', '/api/chat/reads', { body: { streamId: STREAM, lastReadMessageId: STREAM } });
    return call(strict, 'PUT', '/api/chat/reads', { body: { streamId: STREAM, lastReadMessageId: STREAM } });
  },
  'sessions-in-use.json': async ({ crowded }) => {
    const write = (session: string) =>
      call(crowded, 'PATCH', '/api/streams/nav', {
        body: { sort: `by-${session}` }, // a change: a patch that changes nothing writes nothing, and takes no room
        headers: { 'x-sandbox-session': session },
      });
    await write('first');
    return write('second');
  },
  'overloaded.json': async ({ busy }) => {
    // A write whose body never finishes stays in flight; a GET's body is not read, so it would not.
    const held = await holdRequest(busy, 'PATCH', '/api/streams/nav');
    try {
      return await call(busy, 'GET', '/api/streams/nav');
    } finally {
      await held.release();
    }
  },
};
