// Written by hand; scripts/client/extras.ts copies it into generated/client/ (importing ./schema.js there).
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from '../../../generated/client/schema.js';
import { retrying, type Fetch, type RetryOptions } from './retry.js';

/** openapi-fetch's client of every path of openapi.yaml: `client.GET('/api/streams/{streamId}', { params })`. */
export type CollabClient = Client<paths>;

/** openapi-fetch's options (`baseUrl`, `headers`, …) and the client's own. */
export interface CollabClientOptions extends Omit<ClientOptions, 'fetch'> {
  /** The bearer token (openapi.yaml's bearerAuth), or a function giving it for each request; a call's own Authorization wins. */
  accessToken?: string | (() => string | Promise<string>);
  /** Retries after 429, 503 or a network error (`false`: none). One call's own: `{ fetch: retrying(options) }`. */
  retry?: RetryOptions | false;
  /** The fetch underneath the retries (default: globalThis.fetch, looked up on each call). */
  fetch?: Fetch;
}

/**
 * The typed client: openapi-fetch on the contract's paths, with a new Idempotency-Key on every POST
 * that has none, that key kept by its retries (429, 503, network errors), and the bearer token.
 */
export function createCollabClient({ accessToken, retry, fetch, ...options }: CollabClientOptions = {}): CollabClient {
  const client = createClient<paths>({ ...options, fetch: retrying(retry, fetch) });
  client.use(idempotencyKeys);
  if (accessToken !== undefined) client.use(bearerToken(accessToken));
  return client;
}

/** Middleware: a POST without an Idempotency-Key gets a new one (a call's own, `params.header`, is kept). */
export const idempotencyKeys: Middleware = {
  onRequest({ request }) {
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key'))
      request.headers.set('Idempotency-Key', newIdempotencyKey());
  },
};

/** Middleware: `Authorization: Bearer <token>` on a request that has no Authorization. */
export function bearerToken(token: string | (() => string | Promise<string>)): Middleware {
  return {
    async onRequest({ request }) {
      if (!request.headers.has('Authorization'))
        request.headers.set('Authorization', `Bearer ${typeof token === 'string' ? token : await token()}`);
    },
  };
}

/**
 * A new Idempotency-Key: a random UUID as a structured-field string (`"…"`, IETF
 * draft-ietf-httpapi-idempotency-key-header). From getRandomValues, which pages served over
 * plain HTTP have too (randomUUID needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}"`;
}
