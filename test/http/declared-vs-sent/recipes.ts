// For each status openapi.yaml can declare, how to make any operation that declares it answer it: on the server
// being compared (`normal`: the service, or a sandbox session) or on a service set up for it (test/http/error-examples).
import { call, type Reply } from '../../helpers/client.js';
import { text } from '../../helpers/factories.js';
import { holdRequest, rawBytes } from '../../helpers/raw.js';
import type { Service } from '../../helpers/service.js';
import { errorRequests, type Services } from '../error-examples/requests.js';
import { existing, freshBody, freshPath, OPERATIONS, raw, send, written, type Operation } from './requests.js';

export type Servers = Services & { normal: Service };
export interface Recipe {
  /** Sent to the server compared (`normal`), so once to the service and once to the sandbox. */
  normal: boolean;
  send: (servers: Servers) => Promise<Reply>;
}

const HOST = 'Host: 127.0.0.1';
const STALE = '"not-the-current-tag"';
const declares = (op: Operation, status: string) => op.responses.some((response) => response.status === status);
const isApi = (op: Operation) => op.template.startsWith('/api/');
const isWrite = (op: Operation) => op.method !== 'GET';
const takesBody = (op: Operation) => op.contentType !== undefined;
const normal = (send: (target: Service) => Promise<Reply>): Recipe => ({ normal: true, send: (s) => send(s.normal) });
const on = (name: keyof Services, send: (target: Service) => Promise<Reply>): Recipe => ({
  normal: false,
  send: (s) => send(s[name]),
});
/** The documents a bytes quota of 1 KiB refuses a patch of. */
const LARGE: Record<string, object> = {
  '/api/streams/nav': { sort: text(2048) },
  '/api/notifications/settings': { vips: { [text(2048)]: { bypass: true } } },
};

export const RECIPES: Record<string, (op: Operation) => Recipe | undefined> = {
  '200': (op) =>
    normal(async (target) => {
      if (!isWrite(op)) return call(target, 'GET', await existing(target, op));
      if (!declares(op, '201')) return send(target, op, { path: freshPath(op), body: freshBody(op) });
      const { path, body } = await written(target, op); // the second time, it replaces
      return send(target, op, { path, body: { ...(body as object), createOnly: false } });
    }),
  '201': (op) => normal((target) => send(target, op, { path: freshPath(op), body: freshBody(op) })),
  '204': (op) => normal(async (target) => send(target, op, { path: await existing(target, op) })),
  '304': (op) =>
    normal(async (target) => {
      const path = await existing(target, op);
      const tag = (await call(target, 'GET', path)).headers.get('etag') ?? '';
      return call(target, 'GET', path, { headers: { 'if-none-match': tag } });
    }),
  '400': (op) => {
    if (declares(op, '304')) return normal((t) => call(t, 'GET', op.path, { headers: { 'if-none-match': 'garbage' } }));
    if (takesBody(op)) return normal((target) => send(target, op, { body: '"not an object"' }));
    if (op.template.includes('{'))
      return normal((t) => call(t, op.method, op.template.replace(/\{[^}]+\}/g, text(300))));
    if (op.template.endsWith('devices') || op.template.includes('/reads/'))
      return normal((target) => call(target, op.method, `${op.path}?limit=0`));
    return normal((target) => raw(target, op, [HOST, 'Content-Length: ten']));
  },
  '401': (op) => (isApi(op) ? on('authenticated', (target) => send(target, op)) : undefined),
  '403': (op) => {
    const large = LARGE[op.template];
    if (large) return on('small', (target) => send(target, op, { body: large }));
    return on('quota', async (target) => {
      await send(target, op, { path: freshPath(op), body: freshBody(op) });
      return send(target, op, { path: freshPath(op), body: freshBody(op) });
    });
  },
  '404': (op) => normal((target) => send(target, op, { path: freshPath(op) })),
  '405': (op) => {
    const served = OPERATIONS.filter((each) => each.template === op.template).map((each) => each.method);
    const other = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'].find((method) => !served.includes(method));
    return other ? normal((target) => call(target, other, op.path)) : undefined;
  },
  '408': (op) =>
    on('slow', async (target) => {
      const { status, headers, text: body } = await rawBytes(target, `${op.method} ${op.path} HTTP/1.1\r\n${HOST}\r\n`);
      return { status, headers, body: JSON.parse(body || 'null') as unknown };
    }),
  '409': (op) => {
    if (op.operationId === 'createStream')
      return { normal: false, send: errorRequests['idempotency-key-in-flight.json']! };
    return normal(async (target) => {
      const { path, body } = await written(target, op);
      return send(target, op, { path, body: { ...(body as object), createOnly: true } });
    });
  },
  '412': (op) =>
    normal(async (target) => {
      const { path, body } = await written(target, op);
      return send(target, op, { path, body, headers: { 'if-match': STALE } });
    }),
  '413': (op) => normal((target) => send(target, op, { body: { note: text(1_100_000) } })),
  '415': (op) => normal((target) => send(target, op, { body: '{}', headers: { 'content-type': 'text/plain' } })),
  '421': (op) => on('plain', (target) => raw(target, op, ['Host: attacker.test:3000'])),
  '422': () => ({ normal: false, send: errorRequests['idempotency-key-reused.json']! }),
  '429': (op) =>
    on('strict', async (target) => {
      await call(target, 'PATCH', '/api/streams/nav', { body: { sort: 'spent' } }); // the window's one write
      return send(target, op, { path: freshPath(op), body: freshBody(op) });
    }),
  '431': (op) => on('plain', (target) => raw(target, op, [HOST], `${op.path}?x=${'a'.repeat(70_000)}`)),
  // A bug's answer: a store that fails every read and write, where the operation reads the store.
  '500': (op) => (isApi(op) ? on('buggy', (target) => send(target, op)) : undefined),
  '503': (op) => {
    if (!isApi(op)) return on('unavailable', (target) => send(target, op));
    return on('busy', async (target) => {
      const held = await holdRequest(target, 'PATCH', '/api/streams/nav');
      try {
        return await send(target, op);
      } finally {
        await held.release();
      }
    });
  },
  '507': (op) => on('full', (target) => send(target, op)),
};

/** Statuses an operation declares that no request can make it answer, with the reason. */
export const UNREACHABLE: Record<string, string> = {
  'GET /healthz 500': 'a bug: liveness reads no store a test could break',
  'GET /metrics 500': 'a bug: the scrape reads no store a test could break',
  'GET /readyz 500': 'a bug: a store that fails makes readiness 503, not 500',
};
