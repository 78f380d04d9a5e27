import type { OpenApiDocument } from './spec.js';

/** An integer parameter of an operation, with the integers its schema allows (within those a double holds exactly). */
export interface IntegerParameter {
  name: string;
  in: 'query' | 'header' | 'path';
  lowest: number;
  highest: number;
}

type Node = Record<string, unknown>;
const LOCATIONS = new Set(['query', 'header', 'path']);
const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace']);

/**
 * Every integer parameter openapi.yaml declares, by path template and method (path-level ones on each of the path's
 * operations, as OpenAPI says), so one rule reads them all, present and future: src/edge/integer-parameters.ts.
 */
export function integerParameters(spec: OpenApiDocument): Map<string, Map<string, IntegerParameter[]>> {
  const resolve = resolver(spec);
  const found = new Map<string, Map<string, IntegerParameter[]>>();
  for (const [template, item] of Object.entries(spec.paths)) {
    const shared = (item.parameters ?? []) as Node[];
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const declared = [...shared, ...(((operation as Node).parameters ?? []) as Node[])].map(resolve);
      const integers = declared.flatMap((parameter) => integerOf(parameter, resolve));
      if (integers.length === 0) continue;
      if (!found.has(template)) found.set(template, new Map());
      found.get(template)?.set(method, integers);
    }
  }
  return found;
}

function integerOf(parameter: Node, resolve: (node: Node) => Node): IntegerParameter[] {
  const schema = resolve((parameter.schema ?? {}) as Node);
  const where = parameter.in;
  if (schema.type !== 'integer' || typeof where !== 'string' || !LOCATIONS.has(where)) return [];
  return [{ name: String(parameter.name), in: where as IntegerParameter['in'], ...boundsOf(schema) }];
}

/** The least and greatest integer the schema allows (OpenAPI 3.0: `exclusiveMinimum` is a flag), within ±(2^53 − 1). */
function boundsOf({ minimum, maximum, exclusiveMinimum, exclusiveMaximum }: Node): { lowest: number; highest: number } {
  const lowest =
    typeof minimum === 'number'
      ? exclusiveMinimum === true
        ? Math.floor(minimum) + 1
        : Math.ceil(minimum)
      : -Infinity;
  const highest =
    typeof maximum === 'number' ? (exclusiveMaximum === true ? Math.ceil(maximum) - 1 : Math.floor(maximum)) : Infinity;
  return {
    lowest: Math.max(lowest, Number.MIN_SAFE_INTEGER),
    highest: Math.min(highest, Number.MAX_SAFE_INTEGER),
  };
}

/** Follows local `$ref`s (`#/components/...`) to what they name. */
function resolver(spec: OpenApiDocument): (node: Node) => Node {
  const resolve = (node: Node): Node =>
    typeof node.$ref === 'string' && node.$ref.startsWith('#/')
      ? resolve(
          (node.$ref
            .slice(2)
            .split('/')
            .reduce<unknown>((at, part) => (at as Node | undefined)?.[part], spec) as Node | undefined) ?? {},
        )
      : node;
  return resolve;
}
