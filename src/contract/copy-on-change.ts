/** Returned by a member's change to drop the member. */
export const DROP = Symbol('drop');

/** `items` with each item changed by `change`, copied only if one changed: otherwise `items` itself. */
export function changeItems(items: unknown[], change: (item: unknown) => unknown): unknown[] {
  let changed: unknown[] | undefined;
  for (const [index, item] of items.entries()) {
    const after = change(item);
    if (changed === undefined && after !== item) changed = items.slice(0, index);
    changed?.push(after);
  }
  return changed ?? items;
}

/** `value` with each member changed (or dropped) by `change`, copied only if one changed: otherwise `value` itself. */
export function changeMembers(
  value: Record<string, unknown>,
  change: (name: string, member: unknown) => unknown,
): Record<string, unknown> {
  const names = Object.keys(value);
  let changed: [string, unknown][] | undefined;
  for (const [index, name] of names.entries()) {
    const before = value[name];
    const after = change(name, before);
    if (changed === undefined && after !== before)
      changed = names.slice(0, index).map((earlier) => [earlier, value[earlier]]);
    if (after !== DROP) changed?.push([name, after]);
  }
  return changed ? Object.fromEntries(changed) : value; // not assignment: a `__proto__` member stays plain data
}
