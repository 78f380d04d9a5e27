import { hash } from 'node:crypto';

// Entity tags and the preconditions on them (RFC 9110 §8.8.3, §13.1, §13.2.2).

/** `*`, or the entity tags a client sent. */
export type EntityTags = '*' | { weak: boolean; opaque: string }[];

/** If-Match and If-None-Match as a request sent them (each where its operation takes it). */
export interface Preconditions {
  ifMatch?: EntityTags;
  ifNoneMatch?: EntityTags;
}

/**
 * The strong entity tag of a JSON representation: 128 bits of SHA-256 over its compact JSON, the bytes res.json
 * sends, so the same representation always has the same tag and any change of it another.
 */
export function entityTagOf(representation: unknown): string {
  return entityTagOfJson(JSON.stringify(representation));
}

/** entityTagOf a representation whose compact JSON is made already. */
export function entityTagOfJson(json: string): string {
  return `"${hash('sha256', json, 'base64url').slice(0, 22)}"`;
}

/** Parses an If-Match or If-None-Match value of the contract's form (EntityTags): `*`, or tags separated by commas. */
export function parseEntityTags(header: string): EntityTags {
  if (header.trim() === '*') return '*';
  return [...header.matchAll(/(W\/)?"([^"]*)"/g)].map((match) => ({
    weak: match[1] !== undefined,
    opaque: match[2] ?? '',
  }));
}

const opaqueOf = (tag: string) => tag.slice(1, -1);

/** Weak comparison (If-None-Match): the same opaque tag, weak or not; `*` matches any current representation. */
export function matchesWeakly(tags: EntityTags, current: string | undefined): boolean {
  if (current === undefined) return false;
  return tags === '*' || tags.some((tag) => tag.opaque === opaqueOf(current));
}

/** Strong comparison (If-Match): a strong tag with the same opaque tag; `*` matches any current representation. */
export function matchesStrongly(tags: EntityTags, current: string | undefined): boolean {
  if (current === undefined) return false;
  return tags === '*' || tags.some((tag) => !tag.weak && tag.opaque === opaqueOf(current));
}

/**
 * Which precondition of a state-changing request fails over the current representation's tag (undefined: there is
 * none), in RFC 9110 §13.2.2's order: If-Match first, then If-None-Match; undefined when both hold.
 */
export function failedPrecondition(
  { ifMatch, ifNoneMatch }: Preconditions,
  current: string | undefined,
): 'If-Match' | 'If-None-Match' | undefined {
  if (ifMatch !== undefined && !matchesStrongly(ifMatch, current)) return 'If-Match';
  if (ifNoneMatch !== undefined && matchesWeakly(ifNoneMatch, current)) return 'If-None-Match';
  return undefined;
}
