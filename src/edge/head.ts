import type { RequestHandler } from 'express';

/**
 * HEAD is answered wherever GET is (RFC 9110 §9.3.2), as that GET: routed, validated and
 * answered as GET, with the same status and headers. Node sends no body whatever the
 * handler writes, having marked the response bodiless when the request arrived as HEAD.
 * openapi.yaml declares the GETs and says so once, rather than a HEAD beside each.
 */
export const answerHeadAsGet: RequestHandler = (req, _res, next) => {
  if (req.method === 'HEAD') req.method = 'GET';
  next();
};
