import { settle, WHOLE, type Shape } from './shape.js';
import type { OpenApiDocument, SchemaObject } from './spec.js';

/** Keywords that give a schema structure; a schema with none of them allows any value. */
const STRUCTURE = ['type', 'properties', 'additionalProperties', 'items', 'enum', 'format', 'pattern'];

/**
 * Compiles the shape of each schema position. A position is the set of leaf
 * schemas (no `$ref`, `anyOf`, `allOf`) that may apply to a value there; the
 * content tree refers to itself, so shapes are memoised by that set and may
 * refer to each other in cycles.
 */
export function compileShapes(spec: OpenApiDocument): (schema: SchemaObject) => Shape {
  const leafIds = new Map<SchemaObject, number>();
  const shapes = new Map<string, Shape>();

  const resolve = (schema: SchemaObject): SchemaObject => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const target = spec.components.schemas[ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`openapi.yaml: unresolved ${ref}`);
    return resolve(target);
  };

  const leavesOf = (schemas: SchemaObject[], into = new Set<SchemaObject>()): Set<SchemaObject> => {
    for (const reference of schemas) {
      const schema = resolve(reference);
      const variants = [...asList(schema.anyOf), ...asList(schema.allOf), ...asList(schema.oneOf)];
      if (variants.length > 0) leavesOf(variants, into);
      else into.add(schema);
    }
    return into;
  };

  const shapeOf = (schemas: SchemaObject[]): Shape => {
    const leaves = [...leavesOf(schemas)];
    if (leaves.some((leaf) => !STRUCTURE.some((keyword) => keyword in leaf))) return WHOLE;
    const key = leaves
      .map((leaf) => idOf(leafIds, leaf))
      .sort((a, b) => a - b)
      .join(',');
    const known = shapes.get(key);
    if (known) return known;
    const shape: Shape = {
      whole: false,
      members: new Map(),
      others: undefined,
      items: undefined,
      uuid: false,
      objects: false,
      keepsAll: true,
      uuids: false,
    };
    shapes.set(key, shape); // before filling it: a member may lead back to this position
    fill(shape, leaves);
    return shape;
  };

  const fill = (shape: Shape, leaves: SchemaObject[]): void => {
    const named = new Map<string, SchemaObject[]>();
    const others: SchemaObject[] = [];
    const items: SchemaObject[] = [];
    let anyOthers = false;
    for (const leaf of leaves) {
      for (const [name, property] of Object.entries(asRecord(leaf.properties))) {
        named.set(name, [...(named.get(name) ?? []), property]);
      }
      if (leaf.additionalProperties === true) anyOthers = true;
      else if (isSchema(leaf.additionalProperties)) others.push(leaf.additionalProperties);
      if (isSchema(leaf.items)) items.push(leaf.items);
      if (leaf.format === 'uuid') shape.uuid = true;
      if (leaf.type === undefined || leaf.type === 'object') shape.objects = true;
    }
    for (const [name, properties] of named) shape.members.set(name, shapeOf(properties));
    if (anyOthers) shape.others = WHOLE;
    else if (others.length > 0) shape.others = shapeOf(others);
    if (items.length > 0) shape.items = shapeOf(items);
  };

  return (schema) => {
    const shape = shapeOf([schema]);
    settle([...shapes.values()]);
    return shape;
  };
}

function idOf(ids: Map<SchemaObject, number>, leaf: SchemaObject): number {
  let id = ids.get(leaf);
  if (id === undefined) ids.set(leaf, (id = ids.size));
  return id;
}

function isSchema(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asList(value: unknown): SchemaObject[] {
  return Array.isArray(value) ? (value as SchemaObject[]) : [];
}

function asRecord(value: unknown): Record<string, SchemaObject> {
  return isSchema(value) ? (value as Record<string, SchemaObject>) : {};
}
