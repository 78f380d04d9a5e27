import type { RequestHandler } from 'express';
import type { Observer } from '../observability/observe.js';
import { REQUEST_ID_HEADER, requestIdFor } from '../observability/request-id.js';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * First on every request, so every response carries them, errors included: the
 * request's id and the security headers. `observe`, when given, is told of every
 * request with its id (logs and metrics).
 */
export function startResponse(observe?: Observer): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFor(req);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    observe?.(req, res, requestId);
    next();
  };
}
