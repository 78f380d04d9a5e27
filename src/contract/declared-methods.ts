import type { OpenApiDocument } from './spec.js';

/** The order an `Allow` header lists methods in. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods openapi.yaml declares operations for at the path `template`, or at any of its paths when none is named:
 * upper case, in ORDER (a path item's other members, such as `parameters`, are no methods). What a 405's `Allow` names,
 * and what `OPTIONS *` starts from.
 */
export function declaredMethods({ paths }: OpenApiDocument, template?: string): string[] {
  const items = template === undefined ? Object.values(paths) : [paths[template] ?? {}];
  const declared = new Set(items.flatMap((item) => Object.keys(item).map((name) => name.toUpperCase())));
  return ORDER.filter((method) => declared.has(method));
}
