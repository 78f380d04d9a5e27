import type { RequestHandler } from 'express';
import type { OpenApiDocument } from '../contract/spec.js';
import { routeMatcher } from '../observability/route-template.js';

interface MaybeDeprecated {
  operationId?: string;
  deprecated?: boolean;
  'x-deprecated-at'?: string;
  'x-sunset'?: string;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const midnight = (date: string, name: string, operationId: string): Date => {
  const when = new Date(`${date}T00:00:00Z`);
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(date) || Number.isNaN(when.getTime()))
    throw new Error(`${operationId}: ${name} must be a date, YYYY-MM-DD`);
  return when;
};

/**
 * The operations openapi.yaml deprecates, by `METHOD template`, each with the headers it
 * answers with; empty when none is. Throws when a deprecated operation's dates are not dates.
 */
export function deprecatedOperations(spec: Pick<OpenApiDocument, 'paths'>): Map<string, [string, string][]> {
  const deprecated = new Map<string, [string, string][]>();
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as MaybeDeprecated | undefined;
      if (operation?.deprecated !== true) continue;
      const id = operation.operationId ?? `${method} ${template}`;
      const headers: [string, string][] = [
        ['Deprecation', `@${midnight(operation['x-deprecated-at'] ?? '', 'x-deprecated-at', id).getTime() / 1000}`],
      ];
      if (operation['x-sunset'] !== undefined)
        headers.push(['Sunset', midnight(operation['x-sunset'], 'x-sunset', id).toUTCString()]);
      deprecated.set(`${method.toUpperCase()} ${template}`, headers);
    }
  }
  return deprecated;
}

/**
 * The deprecated operations of openapi.yaml answer with `Deprecation` (RFC 9745: since
 * when, from `x-deprecated-at`) and `Sunset` (RFC 8594: from when it may be gone, from
 * `x-sunset`), errors included. Read from the spec once; with none deprecated, it only
 * passes requests on (and app.ts does not mount it).
 */
export function deprecationHeaders(spec: Pick<OpenApiDocument, 'paths'>): RequestHandler {
  const deprecated = deprecatedOperations(spec);
  if (deprecated.size === 0) return (_req, _res, next) => next();
  // A concrete path wins over a template that also matches it (/api/streams/nav, not /api/streams/{streamId}).
  const templateOf = routeMatcher(Object.keys(spec.paths));
  return (req, res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    for (const [name, value] of deprecated.get(`${method} ${templateOf(req.path)}`) ?? []) res.setHeader(name, value);
    next();
  };
}
