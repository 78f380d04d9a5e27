import type { RequestHandler } from 'express';
import { REQUEST_ID_HEADER, requestIdFor } from '../observability/request-id.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** First on every request, so every response carries them, errors included: the request's id and the security headers. */
export const startResponse: RequestHandler = (req, res, next) => {
  res.setHeader(REQUEST_ID_HEADER, requestIdFor(req));
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  next();
};
