import type { RequestHandler } from 'express';
import { HttpProblem } from './problem.js';

/** Deeper bodies are refused before validation, whose recursion they would overflow. */
export const MAX_BODY_DEPTH = 256;

export const limitBodyDepth: RequestHandler = (req, _res, next) => {
  if (depthOf(req.body) > MAX_BODY_DEPTH) {
    throw new HttpProblem('validation-failed', `The body nests deeper than ${MAX_BODY_DEPTH} levels.`, {
      errors: [{ path: '/body', message: `must not nest deeper than ${MAX_BODY_DEPTH} levels` }],
    });
  }
  next();
};

/** Nesting depth of a parsed JSON value, without recursion. */
export function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const [node, depth] = entry;
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return deepest;
}
