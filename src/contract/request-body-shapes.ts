import type { RequestHandler } from 'express';
import { keepKnownMembers } from './known-members.js';
import { compileShapes } from './member-shapes.js';
import type { Shape } from './shape.js';
import { operationIdOf } from './operation-id.js';
import { requestBodies } from './request-bodies.js';
import type { OpenApiDocument } from './spec.js';
import { lowerCaseUuids } from './uuid-case.js';

/** Middleware, after validation: a body keeps only the members the contract names there, its UUIDs in lower case. */
export function shapeRequestBodies(spec: OpenApiDocument): RequestHandler {
  const shapeOf = compileShapes(spec);
  const shapes = new Map<string, Shape>();
  for (const [operationId, body] of requestBodies(spec)) shapes.set(operationId, shapeOf(body.schema));
  return (req, _res, next) => {
    const operationId = operationIdOf(req);
    const shape = operationId === undefined ? undefined : shapes.get(operationId);
    if (shape && req.body !== undefined) req.body = lowerCaseUuids(keepKnownMembers(req.body, shape), shape);
    next();
  };
}
