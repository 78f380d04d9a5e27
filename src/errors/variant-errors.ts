import type { ErrorObject, ValidateFunction } from 'ajv';
import { contractAjv } from '../contract/contract-ajv.js';
import type { OpenApiDocument, SchemaObject } from '../contract/spec.js';
import { isObject } from '../lib/json.js';
import { listInWords, plainMessage } from './messages.js';
import type { FieldError } from './problem.js';

interface Named { schema: SchemaObject; name: string }
interface Variant extends Named { errors: ErrorObject[] }

/** A choice of listed values or `null` (a merge patch's `Sound`, or its removal), said as one list. */
function valuesOrNull(variants: Named[]): string | undefined {
  const values = variants.map(({ schema }) => (Array.isArray(schema.enum) ? schema.enum.map(String) : undefined));
  const removal = variants.some(({ schema }) => schema.nullable === true && schema.not !== undefined);
  const lists = values.filter((list) => list !== undefined);
  if (lists.length + (removal ? 1 : 0) !== variants.length || lists.length === 0) return undefined;
  return `must be one of: ${lists.flat().join(', ')}${removal ? '; or null, which removes it' : ''}`;
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
    const variants: Variant[] = ((node.schema.anyOf ?? []) as SchemaObject[]).map((variant) => ({ ...resolve(variant), errors: errorsOf(variant, value) }));
    if (variants.length === 0 || variants.some((variant) => variant.errors.length === 0)) return [];
    const listed = valuesOrNull(variants);
    if (listed) return [{ path, message: listed }];
    const close = variants.filter((variant) => variant.errors.every((error) => depthOf(error.instancePath) >= 2));
    const chosen = close.length === 1 ? close[0] : close.find((variant) => namesType(variant.name, value));
    if (chosen) return explainInside(value, chosen, path, limit);
    // A variant failing at the node itself: those reasons first; what is wrong deeper would come after fixing them.
    const reasons = variants.map((variant) => close.includes(variant) ? deepReasons(value, variant)
      : variant.errors.filter((error) => depthOf(error.instancePath) < 2).map(reasonOf));
    return [{ path, message: sentence(words(node.name), variants.map((variant) => words(variant.name)), reasons) }];
  };

  /**
   * The errors of a value that matches `variant` but for its children: each failing
   * child node explained, until `limit` errors are found (each costs a validation).
   */
  const explainInside = (value: unknown, variant: Variant, path: string, limit = Infinity): FieldError[] => {
    const outermostOf = outermostFinder(new Set(variant.errors.filter((error) => error.keyword === 'anyOf').map((error) => error.instancePath)));
    const found: FieldError[] = [];
    const explained = new Set<string>();
    for (const error of variant.errors) {
      if (found.length >= limit) break;
      const node = outermostOf(error.instancePath);
      if (node === undefined) found.push({ path: path + pointerOf(error), message: plainMessage(error.message ?? 'is invalid') });
      else if (!explained.has(node)) {
        explained.add(node);
        found.push(...explainNode(valueAt(value, node), schemaAt(variant, node), path + node, limit - found.length));
      }
    }
    return found;
  };
  const deepReasons = (value: unknown, variant: Variant) =>
    explainInside(value, variant, '').map(({ path, message }) =>
      message.startsWith(REQUIRED) ? `${NEEDS}\`${path.slice(1)}\`` : `its \`${path.slice(1)}\` ${message}`);

  const schemaAt = (from: Named, pointer: string): Named => {
    let current = resolve(from.schema, from.name);
    for (const segment of segmentsOf(pointer)) {
      const { schema } = current;
      const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
      const next = /^\d+$/.test(segment) && isObject(schema.items) ? schema.items
        : Object.hasOwn(properties, segment) ? properties[segment]
          : isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
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

const NEEDS = 'it needs ';
const REQUIRED = 'must have required property';

/** What is wrong with a node for one variant, as a clause: `it needs \`x\``, `it must be object`, `its \`x\` must be …`. */
function reasonOf(error: ErrorObject): string {
  const at = error.instancePath.slice(1);
  if (error.keyword === 'required') return `${NEEDS}\`${at ? `${at}/` : ''}${String(error.params.missingProperty)}\``;
  return `${at ? `its \`${at}\`` : 'it'} ${plainMessage(error.message ?? 'is invalid')}`;
}

/** One sentence for a node no variant accepts: the reasons all variants share, else each variant's. */
function sentence(kind: string, names: string[], reasons: string[][]): string {
  const first = reasons[0] ?? [];
  const common = first.filter((reason) => reasons.every((list) => list.includes(reason)));
  if (common.length > 0) return `is not a valid ${kind}, as no variant (${listInWords(names, 'or')}) accepts it: ${joinReasons(common)}`;
  const each = names.map((name, index) => `as ${article(name)} ${name}, ${joinReasons(reasons[index] ?? [])}`);
  return `is not a valid ${kind}, whichever variant is meant: ${each.join('; ')}`;
}

/** `it needs \`a\` and \`b\`, and its \`c\` must be …`: the missing members in one list, then the rest. */
function joinReasons(reasons: string[]): string {
  const needed = [...new Set(reasons.filter((reason) => reason.startsWith(NEEDS)).map((reason) => reason.slice(NEEDS.length)))];
  const other = [...new Set(reasons.filter((reason) => !reason.startsWith(NEEDS)))];
  return [...(needed.length > 0 ? [`${NEEDS}${listInWords(needed)}`] : []), ...other].join(', and ');
}

/** Whether a node's `type` names this variant (`paragraph` for ParagraphElement, `rich_text` for RichTextBlock). */
function namesType(name: string, value: unknown): boolean {
  const type = isObject(value) && typeof value.type === 'string' ? value.type.toLowerCase().replaceAll('-', '_') : undefined;
  const snake = words(name).replaceAll(' ', '_');
  return type !== undefined && (type === snake || type === snake.replace(/_[a-z]+$/, ''));
}

/** A strict format is written twice (format and pattern): where the format failed, its pattern says nothing more. */
function withoutPatternTwins(errors: ErrorObject[]): ErrorObject[] {
  const formats = new Set(errors.filter((error) => error.keyword === 'format').map((error) => error.instancePath));
  return errors.filter((error) => error.keyword !== 'pattern' || !formats.has(error.instancePath));
}

const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
const article = (noun: string) => (/^[aeiou]/.test(noun) ? 'an' : 'a');
const segmentsOf = (pointer: string) => pointer.split('/').slice(1).map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
/** Segments in a pointer: its slashes, counted without splitting it. */
function depthOf(pointer: string): number {
  let depth = 0;
  for (let at = pointer.indexOf('/'); at !== -1; at = pointer.indexOf('/', at + 1)) depth++;
  return depth;
}

/**
 * Finds the outermost of `nodes` at or above a pointer, each of its prefixes looked
 * up once. Errors come grouped by node, so the last node found is tried first: a
 * pointer inside it has no other outermost node.
 */
export function outermostFinder(nodes: Set<string>): (pointer: string) => string | undefined {
  let last: string | undefined;
  return (pointer) => {
    if (nodes.size === 0) return undefined;
    if (last !== undefined && (pointer === last || pointer.startsWith(`${last}/`))) return last;
    for (let end = pointer.indexOf('/', 1); end !== -1; end = pointer.indexOf('/', end + 1)) {
      const prefix = pointer.slice(0, end);
      if (nodes.has(prefix)) return (last = prefix);
    }
    return nodes.has(pointer) ? (last = pointer) : undefined;
  };
}
const pointerOf = (error: ErrorObject) =>
  error.keyword === 'required' ? `${error.instancePath}/${String(error.params.missingProperty).replaceAll('~', '~0').replaceAll('/', '~1')}` : error.instancePath;

function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const segment of segmentsOf(pointer)) current = isObject(current) || Array.isArray(current) ? (current as Record<string, unknown>)[segment] : undefined;
  return current;
}
