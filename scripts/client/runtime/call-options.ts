// Written by hand; scripts/client/extras.ts copies it into generated/client/, where runtime.ts reads each call's options.
import type { RetryOptions } from './retry.js';

/**
 * What one call may say beyond fetch's own RequestInit (`signal`, `headers`…), as the second argument
 * of every method: `api.patchNavigationPreferences(request, { ifMatch: etag, signal })`. Each is a header;
 * where openapi.yaml declares that header for the operation, the generated request parameter
 * (`request.ifMatch`) sends it as well, and the one given here wins.
 */
export interface CallOptions {
  /** `If-Match`: change only what still has this ETag (else 412, nothing changed). */
  ifMatch?: string;
  /** `If-None-Match`: a GET answers 304 while the ETag still matches; `*` makes a PUT create-only. */
  ifNoneMatch?: string;
  /** `Idempotency-Key` of this POST: by default a new one per call, kept by its retries. Give your own to retry across reloads. */
  idempotencyKey?: string;
  /** This call's retries (`false`: none), over the Configuration's. */
  retry?: RetryOptions | false;
}

/** fetch's options with the client's: the second argument of every method. */
export type CallInit = RequestInit & CallOptions;

const HEADERS = { ifMatch: 'If-Match', ifNoneMatch: 'If-None-Match', idempotencyKey: 'Idempotency-Key' } as const;

/** The headers a call's options stand for, and its RequestInit without them (fetch would ignore them; they are not its). */
export function splitCallInit(init: CallInit | undefined): {
  headers: Record<string, string>;
  init: RequestInit | undefined;
  retry: RetryOptions | false | undefined;
} {
  if (init === undefined) return { headers: {}, init, retry: undefined };
  const { ifMatch, ifNoneMatch, idempotencyKey, retry, ...rest } = init;
  const values = { ifMatch, ifNoneMatch, idempotencyKey };
  const headers: Record<string, string> = {};
  for (const [option, name] of Object.entries(HEADERS)) {
    const value = values[option as keyof typeof HEADERS];
    if (value !== undefined) headers[name] = value;
  }
  return { headers, init: rest, retry };
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

/**
 * The ETag of an answer, to send back as `ifMatch` or `ifNoneMatch`: of a `…Raw` call's result, its
 * `raw` Response, or a thrown ResponseError (a 412 carries the current one); undefined when there is none.
 */
export function etagOf(answer: unknown): string | undefined {
  const response = responseOf(answer);
  return response?.headers.get('ETag') ?? undefined;
}

/** Whether an error is a 304 Not Modified: an `ifNoneMatch` GET whose ETag still matches (what you hold is current). */
export function isNotModified(error: unknown): boolean {
  return responseOf(error)?.status === 304;
}

/** The Response of an answer or error; by its shape, since a fetchApi of your own may have another Response class. */
function responseOf(answer: unknown): Response | undefined {
  if (isResponse(answer)) return answer;
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { raw, response } = answer as { raw?: unknown; response?: unknown };
  return isResponse(raw) ? raw : isResponse(response) ? response : undefined;
}

function isResponse(value: unknown): value is Response {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Response).status === 'number' &&
    typeof (value as Response).headers?.get === 'function'
  );
}
