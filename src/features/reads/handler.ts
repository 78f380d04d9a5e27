import type { Request, Response, Router } from 'express';
import type { ReadMarker, ReadMarkerInput, ReadMarkerList } from '../../../generated/index.js';
import { callerOf } from '../../edge/caller.js';
import { clockOf, storeOf } from '../../edge/scope.js';
import { listPage } from '../shared/paging.js';
import { listReads, markRead } from './reads.js';

export function readRoutes(api: Router, pageBytes: number): void {
  api
    .put('/chat/reads', async (req: Request<object, ReadMarker, ReadMarkerInput>, res: Response<ReadMarker>) => {
      res.json(await markRead(storeOf(res), clockOf(res), callerOf(res), req.body));
    })
    .get('/chat/reads/:streamId', async (req: Request<{ streamId: string }>, res: Response<ReadMarkerList>) => {
      res.json({
        items: await listPage(
          req,
          res,
          (page) => listReads(storeOf(res), callerOf(res), req.params.streamId, page),
          pageBytes,
        ),
      });
    });
}
