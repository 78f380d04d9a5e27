import { withoutOwner, type StoredDevice } from '../features/devices/devices.js';
import { asRead, type StoredMarker } from '../features/reads/reads.js';
import type { MemoryStore } from '../store/memory/memory-store.js';
import { COLLECTIONS, type Collection } from '../store/store.js';

/** How a stored value of a collection is answered by the API, where it differs from what is stored. */
const AS_ANSWERED: Partial<Record<Collection, (value: unknown) => unknown>> = {
  devices: (value) => withoutOwner(value as StoredDevice),
  readMarkers: (value) => asRead(value as StoredMarker),
};

/** The API's resources: idempotency keys are the service's own bookkeeping. */
const SHOWN = COLLECTIONS.filter((collection) => collection !== 'idempotencyKeys');

/**
 * What a session's store holds, by collection, each record as the API would answer it, in key order:
 * `{ "streams": [...], "notificationSettings": [...], ... }` as JSON text, made a record at a time
 * (bounded by the quotas of the one user, `local`).
 */
export async function stateOf(store: MemoryStore): Promise<string> {
  const texts = new Map<Collection, string[]>(SHOWN.map((collection) => [collection, []]));
  for await (const { collection, value } of store.records()) {
    const answer = AS_ANSWERED[collection];
    texts.get(collection)?.push(JSON.stringify(answer ? answer(value) : value));
  }
  return `{${[...texts].map(([collection, items]) => `"${collection}":[${items.join(',')}]`).join(',')}}`;
}
