import cors from 'cors';
import type { Request, RequestHandler } from 'express';
import type { CorsOrigins } from '../config/cors-origins.js';
import { requestIdOf } from '../observability/request-id.js';
import { HttpProblem } from '../errors/problem.js';

/** The sandbox's own request headers: the service allows them in a preflight and ignores them, so one front end serves all three. */
export const SANDBOX_HEADERS = { session: 'X-Sandbox-Session', clock: 'X-Sandbox-Clock' } as const;
// What the client and the mock's users send: Prefer (the mock's and sandbox's controls, ignored here), retries' keys,
// conditional requests, request ids and W3C trace context.
const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Prefer',
  'Idempotency-Key',
  'If-Match',
  'If-None-Match',
  'X-Request-Id',
  'traceparent',
  'tracestate',
  ...Object.values(SANDBOX_HEADERS),
];
// ETag for conditional requests; Link pages the lists; Retry-After comes with a 429 or 503; RateLimit fields with every write.
const EXPOSED_HEADERS = [
  'ETag',
  'Location',
  'X-Request-Id',
  'Link',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'Deprecation',
  'Sunset',
];

/** What a deployment of the app allows beyond the service's own CORS (the sandbox: its headers, and cookies). */
export interface CorsExtras {
  allowedHeaders?: readonly string[];
  exposedHeaders?: readonly string[];
  /** Pages may send cookies: the request's origin is echoed instead of `*`. */
  credentials?: boolean;
  /** Told of each preflight refused, with its origin and request id (a log line). */
  onRefusal?: ((origin: string, requestId: string) => void) | undefined;
}

/**
 * CORS for `origins`. Mounted first, so a preflight is answered (204) before
 * authentication and validation. A preflight from an origin not allowed gets a
 * 403 problem naming it and CORS_ORIGINS (a browser shows the page only "Failed to
 * fetch"); other requests from it are served without CORS headers, as ever.
 */
export function allowOrigins(origins: CorsOrigins, extras: CorsExtras = {}): RequestHandler {
  const anyOrigin = origins === '*';
  const handle = cors({
    origin: anyOrigin
      ? extras.credentials
        ? true
        : '*'
      : (origin, done) => done(null, origin !== undefined && isListed(origins, origin)),
    allowedHeaders: [...ALLOWED_HEADERS, ...(extras.allowedHeaders ?? [])],
    exposedHeaders: [...EXPOSED_HEADERS, ...(extras.exposedHeaders ?? [])],
    credentials: extras.credentials ?? false,
    maxAge: 600,
    // cors takes every OPTIONS for a preflight: only those that are one are answered here, the others reach the routes (404, 405).
    preflightContinue: true,
  });
  const answer: RequestHandler = (req, res, next) =>
    handle(req, res, (error?: unknown) => {
      if (error !== undefined || !isPreflight(req)) return next(error);
      res.statusCode = 204;
      res.setHeader('Content-Length', '0');
      res.end();
    });
  if (anyOrigin && !extras.credentials) return answer;
  return (req, res, next) => {
    res.vary('Origin'); // the answer depends on Origin, allowed or not
    const origin = req.headers.origin;
    if (!anyOrigin && origin !== undefined && isPreflight(req) && !isListed(origins, origin)) {
      extras.onRefusal?.(origin, requestIdOf(res));
      throw new HttpProblem(
        'origin-not-allowed',
        `Pages from ${origin} may not call this service: that origin is not in CORS_ORIGINS. To allow it, add it to CORS_ORIGINS (origins separated by commas) and restart.`,
        { extensions: { origin } },
      );
    }
    answer(req, res, next);
  };
}

/** A CORS preflight: OPTIONS with Origin and Access-Control-Request-Method. */
function isPreflight(req: Request): boolean {
  return (
    req.method === 'OPTIONS' &&
    req.headers.origin !== undefined &&
    req.headers['access-control-request-method'] !== undefined
  );
}

function isListed(origins: readonly (string | RegExp)[], origin: string): boolean {
  return origins.some((allowed) => (typeof allowed === 'string' ? allowed === origin : allowed.test(origin)));
}
