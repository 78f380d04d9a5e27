import type { RedactHeaders } from '../contract/redact.js';

/**
 * The headers of a logged request as kept: cheap to take on every request (the request's as
 * JSON text, the response's head as Node wrote it), made into objects only when listed.
 */
export interface KeptHeaders {
  /** JSON text of req.headers (Node's object, names in lower case). */
  requestHeaders?: string;
  /** The response's head as sent: status line, then `Name: value` lines. */
  responseHead?: string;
}

/** The response's head as Node wrote it: the one string it already holds, so taking it copies nothing. */
export const headOf = (res: object): string | undefined => {
  const head = (res as { _header?: unknown })._header; // no public API gives the head as sent, Date and Connection included
  return typeof head === 'string' ? head : undefined;
};

/** Both sides' headers as listed, credentials (Authorization, Cookie, Set-Cookie) as `(redacted)`. */
export function listedHeaders(
  { requestHeaders, responseHead }: KeptHeaders,
  redactHeaders: RedactHeaders,
): {
  requestHeaders?: Record<string, string>;
  responseHeaders?: Record<string, string>;
} {
  return {
    ...(requestHeaders === undefined ? {} : { requestHeaders: redactHeaders(stringsOf(JSON.parse(requestHeaders))) }),
    ...(responseHead === undefined ? {} : { responseHeaders: redactHeaders(headersOfHead(responseHead)) }),
  };
}

/** Node's request headers, repeated ones (set-cookie) joined. */
function stringsOf(headers: Record<string, string | string[]>): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) strings[name] = Array.isArray(value) ? value.join(', ') : value;
  return strings;
}

/** The `Name: value` lines of an HTTP head, names in lower case, repeated ones joined. */
function headersOfHead(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return headers;
}
