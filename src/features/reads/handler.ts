import type { Request, Response, Router } from 'express';
import type { ReadMarker, ReadMarkerInput, ReadMarkerList } from '../../../generated/index.js';
import { contextOf } from '../shared/context.js';
import { listPage } from '../shared/paging.js';
import { listReads, markRead } from './reads.js';

export function readRoutes(api: Router, pageBytes: number): void {
  api
    .put('/chat/reads', async (req: Request<object, ReadMarker, ReadMarkerInput>, res: Response<ReadMarker>) => {
      res.json(await markRead(contextOf(req, res), { marker: req.body }));
    })
    .get('/chat/reads/:streamId', async (req: Request<{ streamId: string }>, res: Response<ReadMarkerList>) => {
      const context = contextOf(req, res);
      const { streamId } = req.params;
      res.json({ items: await listPage(req, res, (page) => listReads(context, { streamId, page }), pageBytes) });
    });
}
