import type { ReadMarker, ReadMarkerInput } from '../../../generated/index.js';
import type { Clock } from '../../lib/clock.js';
import { nextTimestamp } from '../../lib/time.js';
import { keyOf, type Entry, type Page, type Store } from '../../store/store.js';

/** Markers stored before threadSessionId was omitted for the stream itself carry it as null. */
export type StoredMarker = Omit<ReadMarker, 'threadSessionId'> & { threadSessionId?: string | null };

/** One marker per (user, stream, thread session or none); the latest write wins. */
export async function markRead(
  store: Store,
  clock: Clock,
  userId: string,
  input: ReadMarkerInput,
): Promise<ReadMarker> {
  const { streamId, threadSessionId, lastReadMessageId } = input;
  const key = keyOf(userId, streamId, threadSessionId ?? '');
  const { current } = await store.update<StoredMarker>(
    'readMarkers',
    key,
    (previous) => ({
      streamId,
      ...(threadSessionId === undefined ? {} : { threadSessionId }),
      lastReadMessageId,
      updatedAt: nextTimestamp(previous?.updatedAt, clock.now()),
    }),
    { group: keyOf(userId, streamId), owner: userId },
  );
  return asRead(current as StoredMarker);
}

/** One page of the caller's markers in a stream: the stream-level marker first, then by thread session id. */
export async function listReads(
  store: Store,
  userId: string,
  streamId: string,
  page: Page,
): Promise<Entry<ReadMarker>[]> {
  const entries = await store.list<StoredMarker>('readMarkers', keyOf(userId, streamId.toLowerCase()), page);
  return entries.map(({ key, value }) => ({ key, value: asRead(value) }));
}

/** A stored marker as the contract returns it: no threadSessionId when there is none. */
export function asRead({ threadSessionId, ...marker }: StoredMarker): ReadMarker {
  return threadSessionId === null || threadSessionId === undefined ? marker : { ...marker, threadSessionId };
}
