import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-codes.js';
/**
 * Bodies nest at most this many levels, and so do the values stored from them:
 * deeper ones would overflow recursive code (the validator, merge patch, ajv).
 */
export const MAX_BODY_DEPTH = 256;

/** Nesting depth of a parsed JSON value, without recursion; only objects and arrays are queued. */
export function depthOf(value: unknown): number {
  return measure(value).depth;
}

/** The number of values in `value` (itself included), counted until it passes `atMost`. */
export function valuesOf(value: unknown, atMost: number): number {
  return measure(value, atMost).values;
}

/**
 * Depth and number of values (the value itself included); stops once past
 * MAX_BODY_DEPTH levels or `atMost` values. Without recursion, and without
 * allocating per node (a megabyte of `{}` is 340,000 objects).
 */
export function measure(value: unknown, atMost = Infinity): { depth: number; values: number } {
  if (value === undefined) return { depth: 0, values: 0 };
  if (typeof value !== 'object' || value === null) return { depth: 0, values: 1 };
  let deepest = 0;
  let values = 1;
  const nodes: unknown[] = [value];
  const depths: number[] = [1];
  const visit = (child: unknown, depth: number) => {
    if (typeof child === 'object' && child !== null) {
      nodes.push(child);
      depths.push(depth);
    }
  };
  while (nodes.length > 0) {
    const node = nodes.pop() as Record<string, unknown>;
    const depth = depths.pop() as number;
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_BODY_DEPTH || values > atMost) break;
    if (Array.isArray(node)) {
      values += node.length;
      for (let index = 0; index < node.length; index++) visit(node[index], depth + 1);
    } else {
      // Parsed JSON: every enumerable key is the object's own.
      for (const key in node) {
        values++;
        visit(node[key], depth + 1);
      }
    }
  }
  return { depth: deepest, values };
}

/**
 * Whether JSON text nests objects and arrays deeper than `levels`, found before it
 * is parsed: JSON.parse of a value 3,000,000 levels deep takes seconds, and what
 * walks it afterwards may recurse. One pass over the characters, stopping at the
 * first level too deep; brackets inside strings do not count. The text need not
 * be valid JSON (parsing it says so).
 */
export function nestsDeeperThan(text: string, levels: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH)
        index++; // the next character is escaped, a quote too
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > levels) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
