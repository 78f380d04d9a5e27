import { isObject } from './json.js';

/**
 * JSON Merge Patch (RFC 7396): objects merge member by member, recursively;
 * `null` removes a member; anything else replaces. Builds new objects with
 * Object.fromEntries, so keys like `__proto__` stay plain data.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const members = new Map(Object.entries(isObject(target) ? target : {}));
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) members.delete(name);
    else members.set(name, mergePatch(members.get(name), value));
  }
  return Object.fromEntries(members);
}
