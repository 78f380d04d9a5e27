import type { RequestHandler } from 'express';
import { MAX_BODY_DEPTH, measure } from '../lib/json-depth.js';
import { HttpProblem } from '../errors/problem.js';

/** Refuses bodies deeper than MAX_BODY_DEPTH before validation, whose recursion they would overflow; counts values. */
export const limitBodyDepth: RequestHandler = (req, res, next) => {
  // The parser counted them as it read the body (json-body.ts); a body that came another way is walked.
  const { depth, values } = res.locals.bodyShape ?? measure(req.body);
  if (depth > MAX_BODY_DEPTH) {
    throw new HttpProblem('validation-failed', `The body nests deeper than ${MAX_BODY_DEPTH} levels.`, {
      errors: [{ path: '/body', message: `must not nest deeper than ${MAX_BODY_DEPTH} levels` }],
    });
  }
  res.locals.valuesInBody = values; // for the validator, to choose how far to check the body
  next();
};
