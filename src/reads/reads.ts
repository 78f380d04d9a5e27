import type { ReadMarker, ReadMarkerInput } from '../../generated/index.js';
import { nextTimestamp } from '../lib/time.js';
import { keyOf, type Entry, type Page, type Store } from '../store/store.js';

/** One marker per (user, stream, thread session or none); the latest write wins. */
export async function markRead(store: Store, userId: string, input: ReadMarkerInput): Promise<ReadMarker> {
  const threadSessionId = input.threadSessionId ?? null;
  const key = keyOf(userId, input.streamId, threadSessionId ?? '');
  const { current } = await store.update<ReadMarker>('readMarkers', key, (previous) => ({
    streamId: input.streamId,
    threadSessionId,
    lastReadMessageId: input.lastReadMessageId,
    updatedAt: nextTimestamp(previous?.updatedAt),
  }), keyOf(userId, input.streamId));
  return current as ReadMarker;
}

/** One page of the caller's markers in a stream: the stream-level marker first, then by thread session id. */
export function listReads(store: Store, userId: string, streamId: string, page: Page): Promise<Entry<ReadMarker>[]> {
  return store.list<ReadMarker>('readMarkers', keyOf(userId, streamId.toLowerCase()), page);
}
