import { isObject } from '../lib/json.js';
import { changeItems, changeMembers } from './copy-on-change.js';
import { isUuid } from './formats.js';
import type { Shape } from './shape.js';

/**
 * UUIDs are case-insensitive, so every string the contract declares a `uuid` is
 * kept in lower case. The walk goes only where a UUID may be, copying only what changes.
 */
export function lowerCaseUuids(value: unknown, shape: Shape): unknown {
  if (!shape.uuids || value === null) return value;
  if (typeof value === 'string') return shape.uuid && isUuid(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) {
    const items = shape.items;
    return items ? changeItems(value, (item) => lowerCaseUuids(item, items)) : value;
  }
  if (!isObject(value)) return value;
  return changeMembers(value, (name, member) => {
    const memberShape = shape.members.get(name) ?? shape.others;
    return memberShape ? lowerCaseUuids(member, memberShape) : member;
  });
}
