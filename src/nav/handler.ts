import { Router, type Request, type Response } from 'express';
import type { NavigationPatch, NavigationPreferences } from '../../generated/index.js';
import { callerOf } from '../http/caller.js';
import { HttpProblem } from '../http/problem.js';
import { mergeDocument } from '../lib/merge-document.js';
import { keyOf, type Store } from '../store/store.js';

export function navRoutes(store: Store): Router {
  return Router()
    .get('/api/streams/nav', async (_req, res: Response<NavigationPreferences>) => {
      const preferences = await store.get<NavigationPreferences>('navigation', keyOf(callerOf(res)));
      if (!preferences) throw new HttpProblem('not-found', 'No navigation preferences have been saved yet.');
      res.json(preferences);
    })
    .patch(
      '/api/streams/nav',
      async (req: Request<object, NavigationPreferences, NavigationPatch>, res: Response<NavigationPreferences>) => {
        res.json(await mergeDocument(store, 'navigation', keyOf(callerOf(res)), req.body));
      },
    );
}
