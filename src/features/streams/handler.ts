import type { Request, Response, Router } from 'express';
import type { CreateStreamRequest, Stream } from '../../../generated/index.js';
import { callerOf } from '../../edge/caller.js';
import { sendTagged } from '../../edge/conditional.js';
import { idempotently, type KeySettings } from '../../edge/idempotency.js';
import { clockOf, storeOf } from '../../edge/scope.js';
import { createStream, getStream } from './streams.js';

export function streamsRoutes(api: Router, keys: KeySettings): void {
  api
    .post('/streams', async (req: Request<object, Stream, CreateStreamRequest>, res: Response<Stream>) => {
      await idempotently(req, res, keys, async (id) => {
        const stream = await createStream(storeOf(res), clockOf(res), callerOf(res), req.body, id);
        return { status: 201, location: `/api/streams/${stream.id}`, body: stream };
      });
    })
    .get('/streams/:streamId', async (req: Request<{ streamId: string }>, res: Response<Stream>) => {
      sendTagged(req, res, await getStream(storeOf(res), callerOf(res), req.params.streamId));
    });
}
