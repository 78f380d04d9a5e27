import type { Request, Response, Router } from 'express';
import type { CreateStreamRequest, Stream } from '../../../generated/index.js';
import { callerOf } from '../../edge/caller.js';
import type { Store } from '../../store/store.js';
import { createStream, getStream } from './streams.js';

export function streamsRoutes(api: Router, store: Store): void {
  api
    .post('/streams', async (req: Request<object, Stream, CreateStreamRequest>, res: Response<Stream>) => {
      const stream = await createStream(store, callerOf(res), req.body);
      res.status(201).location(`/api/streams/${stream.id}`).json(stream);
    })
    .get('/streams/:streamId', async (req: Request<{ streamId: string }>, res: Response<Stream>) => {
      res.json(await getStream(store, callerOf(res), req.params.streamId));
    });
}
