import { isObject } from './json.js';

/**
 * JSON Merge Patch (RFC 7396): objects merge member by member, recursively;
 * `null` removes a member; anything else replaces. Merged objects have no
 * prototype, so keys like `__proto__` stay plain data (and assigning keeps it
 * fast for documents of many thousand keys).
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const merged = Object.create(null) as Record<string, unknown>;
  if (isObject(target)) {
    for (const name of Object.keys(target)) merged[name] = target[name];
  }
  for (const name of Object.keys(patch)) {
    const value = patch[name];
    // A prototype-less record that is serialised as JSON; deleting a key is how a member is removed.
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
    if (value === null) delete merged[name];
    else merged[name] = mergePatch(merged[name], value);
  }
  return merged;
}
