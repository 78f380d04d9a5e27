/**
 * What the contract names at one position of a body, taken over every variant
 * (`anyOf`, `allOf`) that can apply there and compiled once, at start-up.
 */
export interface Shape {
  /** A free-form value: kept whole. */
  whole: boolean;
  /** The members some variant names at this position. */
  members: Map<string, Shape>;
  /** Members named nowhere here: kept through this shape (a map's values), or dropped when undefined. */
  others: Shape | undefined;
  /** The items of an array here. */
  items: Shape | undefined;
  /** Some variant declares a string here as a `uuid`. */
  uuid: boolean;
  /** Some variant allows an object here. */
  objects: boolean;
  /** Keeping members never changes a valid value here (no member to drop), so it is kept as it is. */
  keepsAll: boolean;
  /** A valid value here may hold a UUID, here or deeper. */
  uuids: boolean;
}

/** A free-form value's shape: kept whole. */
export const WHOLE: Shape = {
  whole: true,
  members: new Map(),
  others: undefined,
  items: undefined,
  uuid: false,
  objects: true,
  keepsAll: true,
  uuids: false,
};

/**
 * Marks the shapes under which keeping members changes some valid value, and those
 * under which a UUID may be. Shapes refer to each other in cycles, so this starts
 * from "keeps all" and "no UUIDs" and repeats until nothing changes.
 */
export function settle(shapes: Shape[]): void {
  const below = (shape: Shape) =>
    [shape.others, shape.items, ...shape.members.values()].filter((each) => each !== undefined);
  for (let changed = true; changed;) {
    changed = false;
    for (const shape of shapes) {
      const dropsMembers = shape.objects && shape.others === undefined;
      if (shape.keepsAll && (dropsMembers || below(shape).some((each) => !each.keepsAll)))
        [shape.keepsAll, changed] = [false, true];
      if (!shape.uuids && (shape.uuid || below(shape).some((each) => each.uuids)))
        [shape.uuids, changed] = [true, true];
    }
  }
}
