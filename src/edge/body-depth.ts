import type { Request, RequestHandler } from 'express';
import { MAX_BODY_DEPTH, measure } from '../lib/json-depth.js';
import { HttpProblem } from '../errors/problem.js';

/** The values (objects, arrays and scalars) in each request body, counted by limitBodyDepth. */
const bodyValues = new WeakMap<Request, number>();

/** Refuses bodies deeper than MAX_BODY_DEPTH before validation, whose recursion they would overflow. */
export const limitBodyDepth: RequestHandler = (req, _res, next) => {
  const { depth, values } = measure(req.body);
  if (depth > MAX_BODY_DEPTH) {
    throw new HttpProblem('validation-failed', `The body nests deeper than ${MAX_BODY_DEPTH} levels.`, {
      errors: [{ path: '/body', message: `must not nest deeper than ${MAX_BODY_DEPTH} levels` }],
    });
  }
  bodyValues.set(req, values);
  next();
};

/** How many values the request's body holds (0 without a body); known once limitBodyDepth has run. */
export function valuesInBody(req: Request): number {
  return bodyValues.get(req) ?? 0;
}
