import { isObject } from './json.js';

// JSON pointers (RFC 6901) as the validators report them: `/blocks/0/elements/2`.

export const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));

/** The pointer of these segments (member names, indexes), each escaped. */
export const pointerOf = (segments: string[]) =>
  segments.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** Segments in a pointer: its slashes, counted without splitting it. */
export function depthOf(pointer: string): number {
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

/** The value at `pointer` inside `value`; undefined where there is none. */
export function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const segment of segmentsOf(pointer))
    current = isObject(current) || Array.isArray(current) ? (current as Record<string, unknown>)[segment] : undefined;
  return current;
}
