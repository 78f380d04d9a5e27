import type { RequestHandler } from 'express';
import type { ValidateFunction } from 'ajv';
import { isObject } from '../lib/json.js';
import { contractAjv } from './contract-ajv.js';
import type { OpenApiDocument, SchemaObject } from './spec.js';

type KeepKnown = (value: unknown, schema: SchemaObject) => unknown;

/**
 * Objects in the contract are open: members it does not name are accepted and
 * not stored. This walks a valid value along its schema and keeps only the named
 * members (free-form maps whole); for `anyOf` it keeps what each matching variant
 * names. UUIDs are case-insensitive, so they are kept in lower case.
 */
export function keepKnownMembers(spec: OpenApiDocument): KeepKnown {
  const ajv = contractAjv(spec);
  const validators = new WeakMap<SchemaObject, ValidateFunction>();
  const matches = (schema: SchemaObject, value: unknown): boolean => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    return validate(value) as boolean;
  };
  const resolve = (schema: SchemaObject): SchemaObject => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const target = spec.components.schemas[ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`openapi.yaml: unresolved ${ref}`);
    return resolve(target);
  };

  const keep: KeepKnown = (value, reference) => {
    const schema = resolve(reference);
    if (value === null) return null;
    const variants = (schema.anyOf ?? schema.allOf) as SchemaObject[] | undefined;
    if (variants) {
      const matching = schema.anyOf ? variants.filter((variant) => matches(variant, value)) : variants;
      return matching.map((variant) => keep(value, variant)).reduce(union, undefined) ?? value;
    }
    if (typeof value === 'string') return schema.format === 'uuid' ? value.toLowerCase() : value;
    if (Array.isArray(value)) {
      const items = schema.items as SchemaObject | undefined;
      return items ? value.map((item) => keep(item, items)) : value;
    }
    if (isObject(value)) return keepMembers(value, schema, keep);
    return value;
  };
  return keep;
}

function keepMembers(value: Record<string, unknown>, schema: SchemaObject, keep: KeepKnown) {
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  const extra = schema.additionalProperties;
  const kept: [string, unknown][] = [];
  for (const [name, member] of Object.entries(value)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (property) kept.push([name, keep(member, property)]);
    else if (extra === true) kept.push([name, member]);
    else if (isObject(extra)) kept.push([name, keep(member, extra)]);
  }
  return Object.fromEntries(kept);
}

/** Both kept forms of one value, as one: object members and array items combined. */
function union(left: unknown, right: unknown): unknown {
  if (left === undefined) return right;
  if (isObject(left) && isObject(right)) {
    const members = new Map(Object.entries(left));
    for (const [name, member] of Object.entries(right)) {
      members.set(name, members.has(name) ? union(members.get(name), member) : member);
    }
    return Object.fromEntries(members);
  }
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.map((item: unknown, index) => union(item, right[index]));
  }
  return left;
}

/** Middleware: after validation, replaces the body by its known members. */
export function keepKnownBodyMembers(spec: OpenApiDocument): RequestHandler {
  const keep = keepKnownMembers(spec);
  const bodySchemas = new Map<string, SchemaObject>();
  for (const pathItem of Object.values(spec.paths)) {
    for (const operation of Object.values(pathItem) as Operation[]) {
      const schema = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      if (operation.operationId && schema) bodySchemas.set(operation.operationId, schema);
    }
  }
  return (req, _res, next) => {
    const operationId = (req as { openapi?: { schema?: Operation } }).openapi?.schema?.operationId;
    const schema = operationId === undefined ? undefined : bodySchemas.get(operationId);
    if (schema && req.body !== undefined) req.body = keep(req.body, schema);
    next();
  };
}

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}
