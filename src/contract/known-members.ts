import { isObject } from '../lib/json.js';
import { changeItems, changeMembers, DROP } from './copy-on-change.js';
import type { Shape } from './shape.js';

/**
 * Objects in the contract are open: a member that some variant names at an
 * object's position is kept as sent (even when the object is valid only through
 * a looser variant), a member named nowhere there is dropped, free-form values
 * are kept whole. One walk over a validated value, copying only what changes;
 * no validation happens here.
 */
export function keepKnownMembers(value: unknown, shape: Shape): unknown {
  if (shape.keepsAll || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = shape.items;
    return items ? changeItems(value, (item) => keepKnownMembers(item, items)) : value;
  }
  return isObject(value)
    ? changeMembers(value, (name, member) => keepMember(shape.members.get(name) ?? shape.others, member))
    : value;
}

const keepMember = (shape: Shape | undefined, member: unknown) => (shape ? keepKnownMembers(member, shape) : DROP);
