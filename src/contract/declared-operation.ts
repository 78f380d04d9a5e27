import type { Request } from 'express';
import { routeMatcher } from '../observability/route-template.js';
import type { OpenApiDocument } from './spec.js';

export interface DeclaredOperation {
  requestBody?: { content?: Record<string, unknown> };
}

/**
 * Finds the operation openapi.yaml declares for a request's method and path, before
 * the validator runs (for the guards that come first): undefined for an unknown path
 * or a method the path does not serve, which the validator then answers 404 or 405.
 */
export function operationMatcher({ paths }: OpenApiDocument): (req: Request) => DeclaredOperation | undefined {
  const templateOf = routeMatcher(Object.keys(paths));
  return (req) => paths[templateOf(req.originalUrl)]?.[req.method.toLowerCase()] as DeclaredOperation | undefined;
}
