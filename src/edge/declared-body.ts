import type { RequestHandler } from 'express';
import { operationMatcher } from '../contract/declared-operation.js';
import type { OpenApiDocument } from '../contract/spec.js';
import { jsonBody } from './json-body.js';
import { inOrder } from './steps.js';

/**
 * jsonBody, only for an operation openapi.yaml declares a body for: GET and DELETE answer as
 * if none was sent (it is not read, and the connection is closed after the answer rather than
 * drained), and so do an unknown path's 404 and a method's 405.
 */
export function declaredBody(bodyLimit: number, contract: OpenApiDocument): RequestHandler {
  const read = inOrder(...jsonBody(bodyLimit));
  const operationOf = operationMatcher(contract);
  return (req, res, next) => {
    if (operationOf(req)?.requestBody !== undefined) {
      read(req, res, next);
      return;
    }
    if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0')
      res.setHeader('Connection', 'close');
    next();
  };
}
