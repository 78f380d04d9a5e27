// fast-check arbitraries for the request schemas of openapi.yaml: every body they
// produce is valid against the contract (formats included).
import fc from 'fast-check';
import type { OpenApiDocument, SchemaObject } from '../../src/contract/spec.js';

/** How deep arrays and maps nest; the content tree refers to itself, so it stops here. */
const MAX_DEPTH = 4;

const twoDigits = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
const dateTime = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((date) =>
    fc.constantFrom('Z', '+02:00', '-05:30', '+00:00').map((zone) => {
      const iso = date.toISOString();
      return zone === 'Z' ? iso : `${iso.slice(0, -1)}${zone}`; // the same wall clock with another offset: still a real date
    }),
  );
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.oneof(
    fc.uuid(),
    fc.constantFrom('00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'),
  ),
  'date-time': fc.oneof(
    { weight: 9, arbitrary: dateTime },
    {
      weight: 1,
      arbitrary: fc.constantFrom('2016-12-31T23:59:60Z', '2017-01-01T00:59:60+01:00', '2015-06-30T18:59:60.25-05:00'),
    },
  ),
  'time-hhmm': fc.tuple(twoDigits(23), twoDigits(59)).map(([h, m]) => `${h}:${m}`),
};

export function bodyArbitrary(spec: OpenApiDocument, schema: SchemaObject): fc.Arbitrary<unknown> {
  const resolve = (node: SchemaObject): SchemaObject =>
    typeof node.$ref === 'string' ? resolve(spec.components.schemas[node.$ref.split('/').pop()!]!) : node;

  const build = (reference: SchemaObject, depth: number): fc.Arbitrary<unknown> => {
    const schema = resolve(reference);
    const value = buildValue(schema, depth);
    return schema.nullable === true
      ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
      : value;
  };

  const buildValue = (schema: SchemaObject, depth: number): fc.Arbitrary<unknown> => {
    // A nullable schema that is not its own type holds only null (openapi.yaml's Removal).
    if (schema.nullable === true && schema.not !== undefined) return fc.constant(null);
    if (Array.isArray(schema.anyOf)) {
      const variants = leavesOf(schema.anyOf as SchemaObject[]);
      return fc.oneof(...variants.map((variant) => withMembersOfOthers(variant, variants, depth)));
    }
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]).filter((v) => v !== null));
    switch (schema.type) {
      case 'string':
        return stringOf(schema);
      case 'integer':
        return fc.integer();
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const minLength = Number(schema.minItems ?? 0);
        // The content tree refers to itself: past the depth limit, optional arrays stay empty.
        if (depth >= MAX_DEPTH && minLength === 0) return fc.constant([]);
        const maxLength = Math.max(minLength, Math.min(Number(schema.maxItems ?? 4), 4));
        return fc.array(build(schema.items as SchemaObject, depth + 1), { minLength, maxLength });
      }
      default:
        return objectOf(schema, depth);
    }
  };

  const leavesOf = (schemas: SchemaObject[]): SchemaObject[] =>
    schemas
      .map(resolve)
      .flatMap((schema) => (Array.isArray(schema.anyOf) ? leavesOf(schema.anyOf as SchemaObject[]) : [schema]));

  /**
   * A value of one variant that also carries up to two members only the other
   * variants name, with values of their schema or of any type: still valid
   * through this variant (objects are open), and each such member must be kept.
   */
  const withMembersOfOthers = (
    variant: SchemaObject,
    variants: SchemaObject[],
    depth: number,
  ): fc.Arbitrary<unknown> => {
    const own = (variant.properties ?? {}) as Record<string, SchemaObject>;
    const others = new Map(
      variants
        .flatMap((other) => Object.entries((other.properties ?? {}) as Record<string, SchemaObject>))
        .filter(([name]) => !Object.hasOwn(own, name)),
    );
    if (others.size === 0 || depth >= MAX_DEPTH) return build(variant, depth);
    const anyType = fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.boolean(), fc.constant(null));
    const members = fc
      .subarray([...others], { maxLength: 2 })
      .chain((chosen) =>
        fc.tuple(
          ...chosen.map(([name, schema]) =>
            fc.oneof(build(schema, depth), anyType).map((value) => [name, value] as const),
          ),
        ),
      );
    return fc
      .tuple(build(variant, depth), members)
      .map(([value, extra]) =>
        typeof value === 'object' && value !== null ? { ...value, ...Object.fromEntries(extra) } : value,
      );
  };

  const objectOf = (schema: SchemaObject, depth: number): fc.Arbitrary<unknown> => {
    const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
    const required = new Set((schema.required ?? []) as string[]);
    const members = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, build(property, depth)]),
    );
    const known = fc.record(members, { requiredKeys: [...required] });
    const extra = schema.additionalProperties;
    if (!extra || depth >= MAX_DEPTH) return known;
    const values = extra === true ? fc.jsonValue({ maxDepth: 2 }) : build(extra as SchemaObject, depth + 1);
    const map = fc.dictionary(fc.string({ maxLength: 12 }), values, { maxKeys: 4 });
    return fc
      .tuple(known, map)
      .map(([named, more]) => Object.fromEntries([...Object.entries(more), ...Object.entries(named as object)]));
  };

  return build(schema, 0);
}

function stringOf(schema: SchemaObject): fc.Arbitrary<string> {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format) return format;
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.min(Number(schema.maxLength ?? 40), 80);
  if (typeof schema.pattern === 'string') {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => [...s].length >= minLength && [...s].length <= Number(schema.maxLength ?? Infinity));
  }
  // Characters from all of Unicode, so lengths are counted in code points.
  return fc
    .string({ unit: 'grapheme-ascii', minLength, maxLength })
    .chain((ascii) => fc.boolean().map((wide) => (wide ? [...ascii].map(() => '😀').join('') : ascii)));
}
