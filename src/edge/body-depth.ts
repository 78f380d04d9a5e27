import type { RequestHandler } from 'express';
import { noteValuesInBody } from '../contract/validator.js';
import { MAX_BODY_DEPTH, measure } from '../lib/json-depth.js';
import { HttpProblem } from '../errors/problem.js';

/** Refuses bodies deeper than MAX_BODY_DEPTH before validation, whose recursion they would overflow. */
export const limitBodyDepth: RequestHandler = (req, _res, next) => {
  const { depth, values } = measure(req.body);
  if (depth > MAX_BODY_DEPTH) {
    throw new HttpProblem('validation-failed', `The body nests deeper than ${MAX_BODY_DEPTH} levels.`, {
      errors: [{ path: '/body', message: `must not nest deeper than ${MAX_BODY_DEPTH} levels` }],
    });
  }
  noteValuesInBody(req, values);
  next();
};
