import { Router, type Request, type Response } from 'express';
import type { ReadMarker, ReadMarkerInput, ReadMarkerList } from '../../generated/index.js';
import { callerOf } from '../http/caller.js';
import { listPage } from '../lib/paging.js';
import type { Store } from '../store/store.js';
import { listReads, markRead } from './reads.js';

export function readRoutes(store: Store): Router {
  return Router()
    .put('/api/chat/reads', async (req: Request<object, ReadMarker, ReadMarkerInput>, res: Response<ReadMarker>) => {
      res.json(await markRead(store, callerOf(res), req.body));
    })
    .get('/api/chat/reads/:streamId', async (req: Request<{ streamId: string }>, res: Response<ReadMarkerList>) => {
      res.json({ items: await listPage(req, res, (page) => listReads(store, callerOf(res), req.params.streamId, page)) });
    });
}
