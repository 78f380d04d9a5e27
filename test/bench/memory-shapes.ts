// The record shapes npm run bench:memory fills a store with: small records, and documents of ~258 KB whose parsed
// form costs the most heap per byte of JSON (the hostile shapes), next to one that costs the least.
import { randomUUID } from 'node:crypto';
import type { Collection } from '../../src/store/store.js';

export interface Shape {
  collection: Collection;
  value: () => unknown;
  /** Filed as a read marker is: each record in a group of its own (its stream's). */
  grouped?: boolean;
}

/** Items of an array of `item` whose JSON is about 258 KB, the identity document of the load. */
const DOCUMENT_BYTES = 258 * 1024;
const identity = (settings: unknown) => ({ namespace: 'bench', settings, updatedAt: new Date().toISOString() });
/** Distinct items, as a parsed request body holds them. */
const filled = (item: () => unknown, itemBytes: number) =>
  Array.from({ length: Math.floor(DOCUMENT_BYTES / itemBytes) }, item);

export const SHAPES: Record<string, Shape> = {
  'small records (read markers)': {
    collection: 'readMarkers',
    grouped: true,
    value: () => ({ streamId: randomUUID(), lastReadMessageId: randomUUID(), updatedAt: new Date().toISOString() }),
  },
  'small records of text beyond Latin-1 (held as UTF-16)': {
    collection: 'streams',
    value: () => ({ id: randomUUID(), title: `→ ${'x'.repeat(120)}`, createdAt: new Date().toISOString() }),
  },
  'arrays of empty objects': { collection: 'identitySettings', value: () => identity({ x: filled(() => ({}), 3) }) },
  'arrays of empty arrays': { collection: 'identitySettings', value: () => identity({ x: filled(() => [], 3) }) },
  'arrays of small integers': { collection: 'identitySettings', value: () => identity({ x: filled(() => 7, 2) }) },
  'one long string': { collection: 'identitySettings', value: () => identity({ x: 'x'.repeat(DOCUMENT_BYTES) }) },
};
