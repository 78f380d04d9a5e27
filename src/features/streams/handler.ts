import type { Request, Response, Router } from 'express';
import type { CreateStreamRequest, Stream } from '../../../generated/index.js';
import { sendTagged } from '../../edge/conditional.js';
import { idempotently, type KeySettings } from '../../edge/idempotency.js';
import { contextOf } from '../shared/context.js';
import { createStream, getStream } from './streams.js';

export function streamsRoutes(api: Router, keys: KeySettings): void {
  api
    .post('/streams', async (req: Request<object, Stream, CreateStreamRequest>, res: Response<Stream>) => {
      await idempotently(req, res, keys, async (id) => {
        const stream = await createStream(contextOf(req, res), { id, request: req.body });
        return { status: 201, location: `/api/streams/${stream.id}`, body: stream };
      });
    })
    .get('/streams/:streamId', async (req: Request<{ streamId: string }>, res: Response<Stream>) => {
      sendTagged(req, res, await getStream(contextOf(req, res), req.params));
    });
}
