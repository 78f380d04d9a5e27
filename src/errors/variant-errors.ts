import type { ErrorObject, ValidateFunction } from 'ajv';
import { contractAjv } from '../contract/contract-ajv.js';
import type { OpenApiDocument, SchemaObject } from '../contract/spec.js';
import { isObject } from '../lib/json.js';
import { depthOf, outermostFinder, segmentsOf, valueAt } from '../lib/json-pointer.js';
import { plainMessage } from './messages.js';
import type { FieldError } from './problem.js';
import {
  namesType,
  NEEDS,
  reasonOf,
  REQUIRED,
  sentence,
  valuesOrNull,
  words,
  type Named,
} from './variant-sentences.js';

interface Variant extends Named {
  errors: ErrorObject[];
}

/**
 * Explains why a node fails an `anyOf` (the content tree: blocks, elements,
 * inline nodes) in one error instead of one per branch. A variant the node
 * fails only inside its children is the node's variant: the error is then
 * looked for there, down to the node that is wrong. Otherwise the node is
 * wrong itself, and one sentence says which variants it fails and why.
 */
export function variantExplainer(spec: OpenApiDocument) {
  const ajv = contractAjv(spec, { allErrors: true });
  const validators = new Map<SchemaObject, ValidateFunction>();

  const resolve = (schema: SchemaObject, name = 'value'): Named => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return { schema, name };
    const target = ref.split('/').pop() ?? '';
    const found = spec.components.schemas[target];
    if (!found) throw new Error(`openapi.yaml: unresolved ${ref}`);
    return resolve(found, target);
  };
  const errorsOf = (variant: SchemaObject, value: unknown): ErrorObject[] => {
    let validate = validators.get(variant);
    if (!validate) validators.set(variant, (validate = ajv.compile(variant)));
    return validate(value) ? [] : withoutPatternTwins(validate.errors ?? []);
  };

  const explainNode = (value: unknown, node: Named, path: string, limit = Infinity): FieldError[] => {
    const variants: Variant[] = ((node.schema.anyOf ?? []) as SchemaObject[]).map((variant) => ({
      ...resolve(variant),
      errors: errorsOf(variant, value),
    }));
    if (variants.length === 0 || variants.some((variant) => variant.errors.length === 0)) return [];
    const listed = valuesOrNull(variants);
    if (listed) return [{ path, message: listed }];
    const close = variants.filter((variant) => variant.errors.every((error) => depthOf(error.instancePath) >= 2));
    const chosen = close.length === 1 ? close[0] : close.find((variant) => namesType(variant.name, value));
    if (chosen) return explainInside(value, chosen, path, limit);
    // A variant failing at the node itself: those reasons first; what is wrong deeper would come after fixing them.
    const reasons = variants.map((variant) =>
      close.includes(variant)
        ? deepReasons(value, variant)
        : variant.errors.filter((error) => depthOf(error.instancePath) < 2).map(reasonOf),
    );
    return [
      {
        path,
        message: sentence(
          words(node.name),
          variants.map((variant) => words(variant.name)),
          reasons,
        ),
      },
    ];
  };

  /**
   * The errors of a value that matches `variant` but for its children: each failing
   * child node explained, until `limit` errors are found (each costs a validation).
   */
  const explainInside = (value: unknown, variant: Variant, path: string, limit = Infinity): FieldError[] => {
    const outermostOf = outermostFinder(
      new Set(variant.errors.filter((error) => error.keyword === 'anyOf').map((error) => error.instancePath)),
    );
    const found: FieldError[] = [];
    const explained = new Set<string>();
    for (const error of variant.errors) {
      if (found.length >= limit) break;
      const node = outermostOf(error.instancePath);
      if (node === undefined)
        found.push({ path: path + pointerOf(error), message: plainMessage(error.message ?? 'is invalid') });
      else if (!explained.has(node)) {
        explained.add(node);
        found.push(...explainNode(valueAt(value, node), schemaAt(variant, node), path + node, limit - found.length));
      }
    }
    return found;
  };
  const deepReasons = (value: unknown, variant: Variant) =>
    explainInside(value, variant, '').map(({ path, message }) =>
      message.startsWith(REQUIRED) ? `${NEEDS}\`${path.slice(1)}\`` : `its \`${path.slice(1)}\` ${message}`,
    );

  const schemaAt = (from: Named, pointer: string): Named => {
    let current = resolve(from.schema, from.name);
    for (const segment of segmentsOf(pointer)) {
      const { schema } = current;
      const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
      const next =
        /^\d+$/.test(segment) && isObject(schema.items)
          ? schema.items
          : Object.hasOwn(properties, segment)
            ? properties[segment]
            : isObject(schema.additionalProperties)
              ? schema.additionalProperties
              : undefined;
      if (!next) throw new Error(`openapi.yaml has no schema at ${pointer}`);
      current = resolve(next);
    }
    return current;
  };

  return {
    /**
     * The errors for the `anyOf` node at `pointer` inside `value` (of `schema`), at most
     * about `limit` of them; `path` is where `value` is in the request.
     */
    explain(value: unknown, schema: SchemaObject, pointer: string, path: string, limit = Infinity): FieldError[] {
      return explainNode(valueAt(value, pointer), schemaAt({ schema, name: 'body' }, pointer), path + pointer, limit);
    },
  };
}

/** A strict format is written twice (format and pattern): where the format failed, its pattern says nothing more. */
function withoutPatternTwins(errors: ErrorObject[]): ErrorObject[] {
  const formats = new Set(errors.filter((error) => error.keyword === 'format').map((error) => error.instancePath));
  return errors.filter((error) => error.keyword !== 'pattern' || !formats.has(error.instancePath));
}

const pointerOf = (error: ErrorObject) =>
  error.keyword === 'required'
    ? `${error.instancePath}/${String(error.params.missingProperty).replaceAll('~', '~0').replaceAll('/', '~1')}`
    : error.instancePath;
