import type { Request, Response, Router } from 'express';
import { sendTagged } from '../../edge/conditional.js';
import { keyOf, type Collection } from '../../store/store.js';
import { contextOf } from './context.js';
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
      const { store, caller } = contextOf(req, res);
      const document = await store.get<Document>(collection, keyOf(caller));
      sendTagged(req, res, document ?? defaults);
    })
    .patch(path, async (req: Request<object, Document, Patch>, res: Response<Document>) => {
      const context = contextOf(req, res);
      const merge = { collection, key: keyOf(context.caller), patch: req.body, defaults };
      sendTagged(req, res, await mergeDocument<Document>(context, merge));
    });
}
