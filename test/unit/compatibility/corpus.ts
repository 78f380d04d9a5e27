// The compatibility corpus: what clients of the last released contract send, and what
// the service stores for them, each with the write operation that must still accept it.
import fc from 'fast-check';
import type { OpenApiDocument, SchemaObject } from '../../../src/contract/spec.js';
import { bodyArbitrary } from '../../helpers/arbitraries.js';

type Json = Record<string, unknown>;
interface Media {
  schema: SchemaObject;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}
interface Operation {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { $ref?: string; content?: Record<string, Media> }>;
}

/** One body the released contract promises a write operation accepts, and why. */
export interface Entry {
  write: string;
  why: string;
  body: unknown;
}
/** One document the service may hold under the released contract, which its read must still be allowed to answer. */
export interface Stored {
  read: string;
  why: string;
  answer: unknown;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const LIST_DEPTH = 3;
const FORMAT_VALUES: Record<string, string> = {
  uuid: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'date-time': '2016-12-31T23:59:60.123456789+00:00',
  'time-hhmm': '23:59',
};

/**
 * Where what a GET returns goes back (the contract's promise, in openapi.yaml's Requests
 * section): the write, and the bodies one GET answer makes for it.
 */
export const WRITE_BACKS: Record<string, { write: string; bodies: (got: Json) => unknown[] }> = {
  'GET /api/streams/{streamId}': { write: 'POST /api/streams', bodies: (stream) => [stream] },
  'GET /api/notifications/settings': { write: 'PATCH /api/notifications/settings', bodies: (settings) => [settings] },
  'GET /api/streams/nav': { write: 'PATCH /api/streams/nav', bodies: (nav) => [nav] },
  'GET /api/notifications/devices': {
    write: 'PUT /api/notifications/devices',
    bodies: (list) => list.items as unknown[],
  },
  'GET /api/cycles/templates/{templateId}/draft': {
    write: 'PUT /api/cycles/templates/{templateId}/draft',
    bodies: (draft) => [draft],
  },
  'GET /api/identity/settings/{namespace}': {
    write: 'PATCH /api/identity/settings/{namespace}',
    bodies: (identity) => [{ patch: identity.settings }],
  },
  'GET /api/chat/reads/{streamId}': { write: 'PUT /api/chat/reads', bodies: (list) => list.items as unknown[] },
};

export function operationsOf(spec: OpenApiDocument): Map<string, Operation> {
  return new Map(
    Object.entries(spec.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => method in item).map(
        (method) => [`${method.toUpperCase()} ${path}`, item[method] as Operation] as const,
      ),
    ),
  );
}

/** The request schema of a write, for JSON. */
export const requestSchema = (operation: Operation | undefined) =>
  operation?.requestBody?.content['application/json']?.schema;

/**
 * A value of `schema` at its bounds: every member present, strings as long as allowed,
 * arrays as full as allowed, numbers at their maximum; enumerations take their
 * `pick`-th value, so a few values cover every listed one.
 */
export function atBounds(spec: OpenApiDocument, schema: SchemaObject, pick: number, depth = 0): unknown {
  const resolved = typeof schema.$ref === 'string' ? spec.components.schemas[schema.$ref.split('/').pop()!]! : schema;
  if (resolved.$ref) return atBounds(spec, resolved, pick, depth);
  if (resolved.nullable === true && resolved.not !== undefined) return null; // openapi.yaml's Removal: null only
  if (Array.isArray(resolved.anyOf))
    return atBounds(spec, (resolved.anyOf as SchemaObject[])[pick % resolved.anyOf.length]!, pick, depth);
  if (Array.isArray(resolved.allOf))
    return Object.assign({}, ...(resolved.allOf as SchemaObject[]).map((part) => atBounds(spec, part, pick, depth)));
  if (Array.isArray(resolved.enum)) {
    const values = resolved.enum.filter((value) => value !== null);
    return values[pick % values.length];
  }
  switch (resolved.type) {
    case 'string':
      return stringAtBounds(resolved, pick);
    case 'integer':
      return typeof resolved.maximum === 'number' ? resolved.maximum : pick;
    case 'boolean':
      return pick % 2 === 0;
    case 'array': {
      const count =
        depth >= LIST_DEPTH ? Number(resolved.minItems ?? 0) : Number(resolved.maxItems ?? resolved.minItems ?? 1) || 1;
      return Array.from({ length: count }, (_, index) =>
        atBounds(spec, resolved.items as SchemaObject, pick + index, depth + 1),
      );
    }
    default: {
      const properties = Object.entries((resolved.properties ?? {}) as Record<string, SchemaObject>);
      const value: Json = Object.fromEntries(
        properties.map(([name, property]) => [name, atBounds(spec, property, pick, depth + 1)]),
      );
      const extra = resolved.additionalProperties;
      if (extra && typeof extra === 'object' && depth < LIST_DEPTH)
        value[`key-${pick}`] = atBounds(spec, extra as SchemaObject, pick, depth + 1);
      return value;
    }
  }
}

function stringAtBounds(schema: SchemaObject, pick: number): string {
  if (typeof schema.format === 'string' && FORMAT_VALUES[schema.format]) return FORMAT_VALUES[schema.format]!;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(Number(schema.minLength ?? 0), 16);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    const full = ['a', '0', 'A', 'z', '9', '_'].map((unit) => unit.repeat(max)).find((text) => pattern.test(text));
    if (full !== undefined) return full;
    const matching = fc
      .sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 50, seed: pick })
      .filter((text) => [...text].length <= max && [...text].length >= Number(schema.minLength ?? 0));
    return matching.sort((a, b) => [...b].length - [...a].length)[0] ?? '';
  }
  return '😀'.repeat(max); // lengths count code points
}

/** The corpus of the released contract `released`: examples, bodies at the bounds, and generated bodies. */
export function corpusOf(released: OpenApiDocument, generated = 25): Entry[] {
  const operations = operationsOf(released);
  const { responses, examples: shared = {} } = (
    released as unknown as {
      components: {
        responses: Record<string, { content?: Record<string, Media> }>;
        examples?: Record<string, { value: unknown }>;
      };
    }
  ).components;
  // The bundle keeps each example once, under components.examples.
  const examplesOf = (media: Media | undefined): [string, unknown][] =>
    Object.entries(media?.examples ?? {}).map(([name, example]) => [
      name,
      example.$ref ? shared[example.$ref.split('/').pop()!]?.value : example.value,
    ]);
  const entries: Entry[] = [];
  for (const [name, operation] of operations) {
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
      for (const [example, value] of examplesOf(media))
        entries.push({ write: name, why: `request example ${example} (${type})`, body: value });
    }
    const schema = requestSchema(operation);
    if (!schema) continue;
    for (let pick = 0; pick < 6; pick++)
      entries.push({ write: name, why: `a body at the bounds (${pick})`, body: atBounds(released, schema, pick) });
    fc.sample(bodyArbitrary(released, schema), { numRuns: generated, seed: 20 }).forEach((body, index) =>
      entries.push({ write: name, why: `generated body ${index}`, body }),
    );
  }
  for (const [read, { write, bodies }] of Object.entries(WRITE_BACKS)) {
    const operation = operations.get(read);
    const found = operation?.responses['200'];
    const answer = found?.$ref ? responses[found.$ref.split('/').pop()!] : found;
    for (const [example, value] of examplesOf(answer?.content?.['application/json'])) {
      bodies(value as Json).forEach((body, index) =>
        entries.push({ write, why: `${read} example ${example} sent back (${index})`, body }),
      );
    }
    // What a write answers is what is stored: its 2xx examples go back too.
    for (const [status, response] of Object.entries(operations.get(write)?.responses ?? {})) {
      if (!status.startsWith('2')) continue;
      for (const [example, value] of examplesOf(response.content?.['application/json'])) {
        const body = read.includes('/identity/') ? { patch: (value as Json).settings } : value;
        entries.push({ write, why: `${write} ${status} example ${example} sent back`, body });
      }
    }
  }
  return entries;
}

const isMap = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over` laid on `base`: objects member by member, anything else replaced; as a merge patch (RFC 7396), null removes. */
function merged(base: unknown, over: unknown, patch: boolean): unknown {
  if (!isMap(over)) return over;
  const result = new Map(Object.entries(isMap(base) ? base : {}));
  for (const [name, value] of Object.entries(over)) {
    if (patch && value === null) result.delete(name);
    else result.set(name, merged(result.get(name), value, patch));
  }
  return Object.fromEntries(result);
}

/**
 * What the service holds after each write of the corpus, as its read answers it: the
 * read's answer at the release's bounds (the members the service makes), with what the
 * client sent merged in. A bound tightened on an answer (a shorter trigger name) refuses
 * documents that are already stored, which no diff of the answer alone calls breaking.
 */
export function storedOf(released: OpenApiDocument, corpus: Entry[]): Stored[] {
  const operations = operationsOf(released);
  return Object.entries(WRITE_BACKS).flatMap(([read, { write }]) => {
    const schema = operations.get(read)?.responses['200']?.content?.['application/json']?.schema;
    if (!schema) return [];
    const list = read.endsWith('/devices') || read.includes('/reads/');
    return corpus
      .filter((entry) => entry.write === write)
      .map(({ why, body }, index) => {
        const sent = read.includes('/identity/') ? { settings: (body as Json).patch } : body;
        const made = atBounds(released, schema, index);
        const patch = write.startsWith('PATCH');
        const answer = list
          ? { items: [merged((made as { items: unknown[] }).items[0], sent, patch)] }
          : merged(made, sent, patch);
        return { read, why: `${write} ${why}, as stored`, answer };
      });
  });
}
