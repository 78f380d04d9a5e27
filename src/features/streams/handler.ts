import type { Request, Response, Router } from 'express';
import type { CreateStreamRequest, Stream } from '../../../generated/index.js';
import { callerOf } from '../../edge/caller.js';
import { clockOf, storeOf } from '../../edge/scope.js';
import { createStream, getStream } from './streams.js';

export function streamsRoutes(api: Router): void {
  api
    .post('/streams', async (req: Request<object, Stream, CreateStreamRequest>, res: Response<Stream>) => {
      const stream = await createStream(storeOf(res), clockOf(res), callerOf(res), req.body);
      res.status(201).location(`/api/streams/${stream.id}`).json(stream);
    })
    .get('/streams/:streamId', async (req: Request<{ streamId: string }>, res: Response<Stream>) => {
      res.json(await getStream(storeOf(res), callerOf(res), req.params.streamId));
    });
}
