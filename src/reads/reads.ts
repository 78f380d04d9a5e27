import type { ReadMarker, ReadMarkerInput } from '../../generated/index.js';
import { nextTimestamp } from '../lib/time.js';
import { keyOf, type Store } from '../store/store.js';

/** One marker per (user, stream, thread session or none); the latest write wins. */
export async function markRead(store: Store, userId: string, input: ReadMarkerInput): Promise<ReadMarker> {
  const threadSessionId = input.threadSessionId ?? null;
  const key = keyOf(userId, input.streamId, threadSessionId ?? '');
  const { current } = await store.update<ReadMarker>('readMarkers', key, (previous) => ({
    streamId: input.streamId,
    threadSessionId,
    lastReadMessageId: input.lastReadMessageId,
    updatedAt: nextTimestamp(previous?.updatedAt),
  }));
  return current as ReadMarker;
}

/** The stream-level marker first, then thread markers by thread session id. */
export async function listReads(store: Store, userId: string, streamId: string): Promise<ReadMarker[]> {
  const markers = await store.list<ReadMarker>('readMarkers', `${keyOf(userId, streamId.toLowerCase())}/`);
  return markers.sort((a, b) => (a.threadSessionId ?? '').localeCompare(b.threadSessionId ?? ''));
}
