import type { RequestHandler } from 'express';
import { isObject } from '../lib/json.js';
import { isUuid } from './formats.js';
import { compileShapes, type Shape } from './member-shapes.js';
import type { OpenApiDocument, SchemaObject } from './spec.js';

/**
 * Objects in the contract are open: a member that some variant names at an
 * object's position is kept as sent (even when the object is valid only through
 * a looser variant), a member named nowhere there is dropped, free-form values
 * are kept whole. UUIDs are case-insensitive, so they are kept in lower case.
 * One walk over a validated value; no validation happens here.
 */
export function keepKnownMembers(value: unknown, shape: Shape): unknown {
  if (shape.keepsAll || value === null) return value;
  if (typeof value === 'string') return shape.uuid && isUuid(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) return shape.items ? keepItems(value, shape.items) : value;
  return isObject(value) ? keepMembers(value, shape) : value;
}

/** Copies only what changes: a valid body that names every member it sends is kept as it is. */
function keepItems(items: unknown[], shape: Shape): unknown[] {
  let kept: unknown[] | undefined;
  for (const [index, item] of items.entries()) {
    const after = keepKnownMembers(item, shape);
    if (kept === undefined && after !== item) kept = items.slice(0, index);
    kept?.push(after);
  }
  return kept ?? items;
}

function keepMembers(value: Record<string, unknown>, shape: Shape): Record<string, unknown> {
  const names = Object.keys(value);
  let kept: [string, unknown][] | undefined;
  for (const [index, name] of names.entries()) {
    const member = shape.members.get(name) ?? shape.others;
    const before = value[name];
    const after = member && keepKnownMembers(before, member);
    if (kept === undefined && (!member || after !== before)) kept = names.slice(0, index).map((earlier) => [earlier, value[earlier]]);
    if (member) kept?.push([name, after]);
  }
  return kept ? Object.fromEntries(kept) : value; // not assignment: a `__proto__` member stays plain data
}

/** Middleware: after validation, replaces the body by its named members. */
export function keepKnownBodyMembers(spec: OpenApiDocument): RequestHandler {
  const shapeOf = compileShapes(spec);
  const bodyShapes = new Map<string, Shape>();
  for (const pathItem of Object.values(spec.paths)) {
    for (const operation of Object.values(pathItem) as Operation[]) {
      const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      if (operation.operationId && schema) bodyShapes.set(operation.operationId, shapeOf(schema));
    }
  }
  return (req, _res, next) => {
    const operationId = (req as { openapi?: { schema?: Operation } }).openapi?.schema?.operationId;
    const shape = operationId === undefined ? undefined : bodyShapes.get(operationId);
    if (shape && req.body !== undefined) req.body = keepKnownMembers(req.body, shape);
    next();
  };
}

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}
