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

/** Nesting depth of a parsed JSON value, without recursion; only objects and arrays are queued. */
export function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 0;
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop() as Record<string, unknown>;
    const depth = depths.pop() as number;
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}
