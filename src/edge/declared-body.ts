import type { RequestHandler } from 'express';
import { operationMatcher } from '../contract/declared-operation.js';
import { mediaTypeOf } from '../contract/media-type.js';
import type { OpenApiDocument } from '../contract/spec.js';
import { unsupportedMediaType } from '../errors/validation-problem.js';
import { jsonBody } from './json-body.js';
import { inOrder } from './steps.js';

/**
 * jsonBody, only for an operation openapi.yaml declares a body for, and only in a media
 * type it declares (else 415, naming them): GET and DELETE answer as if none was sent
 * (it is not read, and the connection is closed after the answer rather than drained),
 * and so do an unknown path's 404 and a method's 405. The validator then meets no media
 * type the contract does not name (see validateAgainst).
 */
export function declaredBody(bodyLimit: number, contract: OpenApiDocument): RequestHandler {
  const read = inOrder(...jsonBody(bodyLimit));
  const operationOf = operationMatcher(contract);
  return (req, res, next) => {
    const taken = operationOf(req)?.requestBody;
    if (taken !== undefined) {
      const type = mediaTypeOf(req.headers['content-type']);
      const declared = Object.keys(taken.content ?? {});
      if (type !== undefined && !declared.includes(type)) throw unsupportedMediaType(req, declared);
      read(req, res, next);
      return;
    }
    if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0')
      res.setHeader('Connection', 'close');
    next();
  };
}
