import type { ReadMarker, ReadMarkerInput } from '../../../generated/index.js';
import { nextTimestamp } from '../../lib/time.js';
import { keyOf, type Entry, type Page } from '../../store/store.js';
import type { Context } from '../shared/context.js';

/** Markers stored before threadSessionId was omitted for the stream itself carry it as null. */
export type StoredMarker = Omit<ReadMarker, 'threadSessionId'> & { threadSessionId?: string | null };

/** One marker per (user, stream, thread session or none); the latest write wins. */
export async function markRead(
  { store, clock, caller }: Context,
  { marker }: { marker: ReadMarkerInput },
): Promise<ReadMarker> {
  const { streamId, threadSessionId, lastReadMessageId } = marker;
  const key = keyOf(caller, streamId, threadSessionId ?? '');
  const { current } = await store.update<StoredMarker>(
    'readMarkers',
    key,
    (previous) => ({
      streamId,
      ...(threadSessionId === undefined ? {} : { threadSessionId }),
      lastReadMessageId,
      updatedAt: nextTimestamp(previous?.updatedAt, clock.now()),
    }),
    { group: keyOf(caller, streamId), owner: caller },
  );
  return asRead(current as StoredMarker);
}

/** One page of the caller's markers in a stream: the stream-level marker first, then by thread session id. */
export async function listReads(
  { store, caller }: Context,
  { streamId, page }: { streamId: string; page: Page },
): Promise<Entry<ReadMarker>[]> {
  const entries = await store.list<StoredMarker>('readMarkers', keyOf(caller, streamId.toLowerCase()), page);
  return entries.map(({ key, value }) => ({ key, value: asRead(value) }));
}

/** A stored marker as the contract returns it: no threadSessionId when there is none. */
export function asRead({ threadSessionId, ...marker }: StoredMarker): ReadMarker {
  return threadSessionId === null || threadSessionId === undefined ? marker : { ...marker, threadSessionId };
}
