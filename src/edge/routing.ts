import type { RequestHandler } from 'express';
import { HttpProblem } from '../errors/problem.js';

/** Routes match paths exactly as written: `/API/…`, `/api//…` and `/api/…/` match none. */
export const EXACT_ROUTING = { caseSensitive: true, strict: true } as const;

/** Last before the error handler: what no route answered is the 404 problem, never express's HTML page. */
export const noRoute: RequestHandler = () => {
  throw new HttpProblem('not-found', 'No such route.');
};
