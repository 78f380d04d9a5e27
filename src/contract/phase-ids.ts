/** A phase whose id an earlier phase of the same draft already has: its index, and the earlier one's. */
export interface RepeatedPhaseId {
  index: number;
  first: number;
}

/**
 * Phase ids are unique within a draft, compared without regard to case (a UUID in capitals is the same UUID): the
 * write path refuses a draft that repeats one, and an import refuses a stored draft that does.
 */
export function repeatedPhaseIds(phases: readonly { id: string }[]): RepeatedPhaseId[] {
  const firstIndex = new Map<string, number>();
  const repeated: RepeatedPhaseId[] = [];
  phases.forEach((phase, index) => {
    const id = phase.id.toLowerCase();
    const first = firstIndex.get(id);
    if (first === undefined) firstIndex.set(id, index);
    else repeated.push({ index, first });
  });
  return repeated;
}
