/** The stream id of seeded record `index`: a valid version-4 UUID, the same in every process. */
export function benchStreamId(index: number): string {
  return `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}
