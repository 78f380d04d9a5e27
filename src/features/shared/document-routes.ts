import type { Request, Response, Router } from 'express';
import { callerOf } from '../../edge/caller.js';
import { preconditionsOf, sendTagged } from '../../edge/conditional.js';
import { clockOf, storeOf } from '../../edge/scope.js';
import { keyOf, type Collection } from '../../store/store.js';
import { mergeDocument } from './merge-document.js';

interface DocumentRoute<Document> {
  path: string;
  collection: Collection;
  /** What the caller's document is before its first write (openapi.yaml documents it): GET answers it, the first PATCH merges into it. */
  defaults: Document;
}

/** `updatedAt` of a document never written: the Unix epoch, before any change (openapi.yaml says so). */
export const NEVER_WRITTEN = '1970-01-01T00:00:00.000Z';

/** GET and merge-PATCH of a per-user document stamped with `updatedAt`, each with its ETag; the PATCH takes If-Match. */
export function documentRoutes<Document extends { updatedAt: string }, Patch extends object>(
  api: Router,
  { path, collection, defaults }: DocumentRoute<Document>,
): void {
  api
    .get(path, async (req, res: Response<Document>) => {
      const document = await storeOf(res).get<Document>(collection, keyOf(callerOf(res)));
      sendTagged(req, res, document ?? defaults);
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
          defaults,
        ),
      );
    });
}
