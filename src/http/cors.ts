import cors from 'cors';
import type { RequestHandler } from 'express';

/** The browser origins that may call the service: any (`*`), or those listed (a RegExp matches a family). */
export type CorsOrigins = '*' | readonly (string | RegExp)[];

/** Pages served from this machine, on any port: the default without authentication on loopback. */
export const LOOPBACK_ORIGINS: readonly RegExp[] = [/^http:\/\/localhost(?::\d{1,5})?$/, /^http:\/\/127\.0\.0\.1(?::\d{1,5})?$/];

const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Prefer', 'X-Request-Id'];
// Link pages the device and read-marker lists; Retry-After comes with a 429 or 503; RateLimit fields with every write.
const EXPOSED_HEADERS = ['Location', 'X-Request-Id', 'Link', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Deprecation', 'Sunset'];

/**
 * CORS for `origins`. Mounted first, so a preflight is answered (204) before
 * authentication and validation; an origin not allowed gets no CORS headers.
 */
export function allowOrigins(origins: CorsOrigins): RequestHandler {
  const handle = cors({
    origin: origins === '*' ? '*' : (origin, done) => done(null, origin !== undefined && isListed(origins, origin)),
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
  if (origins === '*') return handle;
  return (req, res, next) => {
    res.vary('Origin'); // the answer depends on Origin, allowed or not
    handle(req, res, next);
  };
}

function isListed(origins: readonly (string | RegExp)[], origin: string): boolean {
  return origins.some((allowed) => (typeof allowed === 'string' ? allowed === origin : allowed.test(origin)));
}

/** Parses `CORS_ORIGINS`: `*`, or origins separated by commas (`https://app.example.com,http://localhost:5173`). */
export function parseCorsOrigins(text: string): CorsOrigins {
  if (text.trim() === '*') return '*';
  const origins = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  for (const origin of origins) {
    if (!isOrigin(origin)) {
      throw new Error(`CORS_ORIGINS must be * or origins such as https://app.example.com (scheme, host, optional port, nothing after), not "${origin}"`);
    }
  }
  return origins;
}

function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}
