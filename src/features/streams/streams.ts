import type { CreateStreamRequest, Message, Stream } from '../../../generated/index.js';
import { HttpProblem } from '../../errors/problem.js';
import type { Clock } from '../../lib/clock.js';
import type { Store } from '../../store/store.js';

/**
 * Creates the stream `id` (new, or an Idempotency-Key's: then a retry of the request finds the stream an earlier
 * attempt made, and answers with it, so one key makes one stream however often it is tried).
 */
export async function createStream(
  store: Store,
  clock: Clock,
  userId: string,
  input: CreateStreamRequest,
  id: string,
): Promise<Stream> {
  const createdAt = new Date(clock.now()).toISOString();
  const stream: Stream = {
    id,
    title: input.title,
    ...(input.visibility === undefined ? {} : { visibility: input.visibility }),
    members: [...new Set([userId, ...(input.memberUserIds ?? [])])],
    createdBy: userId,
    createdAt,
  };
  if (input.initialMessage) {
    const message: Message = {
      id: clock.newId(),
      authorId: userId,
      content: input.initialMessage.content,
      assetIds: input.initialMessage.assetIds ?? [],
      createdAt,
    };
    stream.initialMessage = message;
  }
  const { current } = await store.update<Stream>('streams', stream.id, (earlier) => earlier ?? stream, {
    owner: userId,
  });
  return current as Stream;
}

/** Its members read a stream (the creator always); only the exact visibility `public` opens it to every user. */
export function canRead(stream: Stream, userId: string): boolean {
  return stream.visibility === 'public' || stream.createdBy === userId || stream.members.includes(userId);
}

export async function getStream(store: Store, userId: string, streamId: string): Promise<Stream> {
  const stream = await store.get<Stream>('streams', streamId.toLowerCase());
  // One answer for "none" and "not yours", so an id tells an outsider nothing.
  if (!stream || !canRead(stream, userId)) throw new HttpProblem('not-found', `No stream ${streamId}.`);
  return stream;
}
