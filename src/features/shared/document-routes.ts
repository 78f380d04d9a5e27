import type { Request, Response, Router } from 'express';
import { callerOf } from '../../edge/caller.js';
import { preconditionsOf, sendTagged } from '../../edge/conditional.js';
import { clockOf, storeOf } from '../../edge/scope.js';
import { HttpProblem } from '../../errors/problem.js';
import { keyOf, type Collection } from '../../store/store.js';
import { mergeDocument } from './merge-document.js';

interface DocumentRoute {
  path: string;
  collection: Collection;
  /** The 404 detail when the caller has saved nothing yet. */
  missing: string;
}

/** GET and merge-PATCH of a per-user document stamped with `updatedAt`, each with its ETag; the PATCH takes If-Match. */
export function documentRoutes<Document extends { updatedAt: string }, Patch extends object>(
  api: Router,
  { path, collection, missing }: DocumentRoute,
): void {
  api
    .get(path, async (req, res: Response<Document>) => {
      const document = await storeOf(res).get<Document>(collection, keyOf(callerOf(res)));
      if (!document) throw new HttpProblem('not-found', missing);
      sendTagged(req, res, document);
    })
    .patch(path, async (req: Request<object, Document, Patch>, res: Response<Document>) => {
      const userId = callerOf(res);
      sendTagged(
        req,
        res,
        await mergeDocument<Document>(
          storeOf(res),
          clockOf(res),
          collection,
          keyOf(userId),
          req.body,
          userId,
          preconditionsOf(req),
        ),
      );
    });
}
