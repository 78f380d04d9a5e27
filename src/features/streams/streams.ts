import type { CreateStreamRequest, Message, Stream } from '../../../generated/index.js';
import { HttpProblem } from '../../errors/problem.js';
import type { Context } from '../shared/context.js';

/**
 * Creates the stream `id` (new, or an Idempotency-Key's: then a retry of the request finds the stream an earlier
 * attempt made, and answers with it, so one key makes one stream however often it is tried).
 */
export async function createStream(
  { store, clock, caller }: Context,
  { id, request }: { id: string; request: CreateStreamRequest },
): Promise<Stream> {
  const createdAt = new Date(clock.now()).toISOString();
  const stream: Stream = {
    id,
    title: request.title,
    ...(request.visibility === undefined ? {} : { visibility: request.visibility }),
    members: [...new Set([caller, ...(request.memberUserIds ?? [])])],
    createdBy: caller,
    createdAt,
  };
  if (request.initialMessage) {
    const message: Message = {
      id: clock.newId(),
      authorId: caller,
      content: request.initialMessage.content,
      assetIds: request.initialMessage.assetIds ?? [],
      createdAt,
    };
    stream.initialMessage = message;
  }
  const { current } = await store.update<Stream>('streams', stream.id, (earlier) => earlier ?? stream, {
    owner: caller,
  });
  return current as Stream;
}

/** Its members read a stream (the creator always); only the exact visibility `public` opens it to every user. */
export function canRead(stream: Stream, userId: string): boolean {
  return stream.visibility === 'public' || stream.createdBy === userId || stream.members.includes(userId);
}

export async function getStream({ store, caller }: Context, { streamId }: { streamId: string }): Promise<Stream> {
  const stream = await store.get<Stream>('streams', streamId.toLowerCase());
  // One answer for "none" and "not yours", so an id tells an outsider nothing.
  if (!stream || !canRead(stream, caller)) throw new HttpProblem('not-found', `No stream ${streamId}.`);
  return stream;
}
