import type { ErrorObject } from 'ajv';
import type { SchemaObject } from '../contract/spec.js';
import { isObject } from '../lib/json.js';
import { listInWords, plainMessage } from './messages.js';

// How src/errors/variant-errors.ts says, in words, why a node fails every variant of an `anyOf`.

/** A schema, with the name it goes by in the contract (`ParagraphElement`, or `value`). */
export interface Named {
  schema: SchemaObject;
  name: string;
}

export const NEEDS = 'it needs ';
export const REQUIRED = 'must have required property';

/** A choice of listed values or `null` (a merge patch's `Sound`, or its removal), said as one list. */
export function valuesOrNull(variants: Named[]): string | undefined {
  const values = variants.map(({ schema }) => (Array.isArray(schema.enum) ? schema.enum.map(String) : undefined));
  const removal = variants.some(({ schema }) => schema.nullable === true && schema.not !== undefined);
  const lists = values.filter((list) => list !== undefined);
  if (lists.length + (removal ? 1 : 0) !== variants.length || lists.length === 0) return undefined;
  return `must be one of: ${lists.flat().join(', ')}${removal ? '; or null, which removes it' : ''}`;
}

/** What is wrong with a node for one variant, as a clause: `it needs \`x\``, `it must be object`, `its \`x\` must be …`. */
export function reasonOf(error: ErrorObject): string {
  const at = error.instancePath.slice(1);
  if (error.keyword === 'required') return `${NEEDS}\`${at ? `${at}/` : ''}${String(error.params.missingProperty)}\``;
  return `${at ? `its \`${at}\`` : 'it'} ${plainMessage(error.message ?? 'is invalid')}`;
}

/** One sentence for a node no variant accepts: the reasons all variants share, else each variant's. */
export function sentence(kind: string, names: string[], reasons: string[][]): string {
  const first = reasons[0] ?? [];
  const common = first.filter((reason) => reasons.every((list) => list.includes(reason)));
  if (common.length > 0)
    return `is not a valid ${kind}, as no variant (${listInWords(names, 'or')}) accepts it: ${joinReasons(common)}`;
  const each = names.map((name, index) => `as ${article(name)} ${name}, ${joinReasons(reasons[index] ?? [])}`);
  return `is not a valid ${kind}, whichever variant is meant: ${each.join('; ')}`;
}

/** `it needs \`a\` and \`b\`, and its \`c\` must be …`: the missing members in one list, then the rest. */
function joinReasons(reasons: string[]): string {
  const needed = [
    ...new Set(reasons.filter((reason) => reason.startsWith(NEEDS)).map((reason) => reason.slice(NEEDS.length))),
  ];
  const other = [...new Set(reasons.filter((reason) => !reason.startsWith(NEEDS)))];
  return [...(needed.length > 0 ? [`${NEEDS}${listInWords(needed)}`] : []), ...other].join(', and ');
}

/** Whether a node's `type` names this variant (`paragraph` for ParagraphElement, `rich_text` for RichTextBlock). */
export function namesType(name: string, value: unknown): boolean {
  const type =
    isObject(value) && typeof value.type === 'string' ? value.type.toLowerCase().replaceAll('-', '_') : undefined;
  const snake = words(name).replaceAll(' ', '_');
  return type !== undefined && (type === snake || type === snake.replace(/_[a-z]+$/, ''));
}

export const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
const article = (noun: string) => (/^[aeiou]/.test(noun) ? 'an' : 'a');
