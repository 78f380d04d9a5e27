import { Router, type Request, type Response } from 'express';
import type { NotificationSettings, NotificationSettingsPatch } from '../../generated/index.js';
import { callerOf } from '../http/caller.js';
import { HttpProblem } from '../http/problem.js';
import { mergeDocument } from '../lib/merge-document.js';
import { keyOf, type Store } from '../store/store.js';

export function notificationRoutes(store: Store): Router {
  return Router()
    .get('/api/notifications/settings', async (_req, res: Response<NotificationSettings>) => {
      const settings = await store.get<NotificationSettings>('notificationSettings', keyOf(callerOf(res)));
      if (!settings) throw new HttpProblem('not-found', 'No notification settings have been saved yet.');
      res.json(settings);
    })
    .patch(
      '/api/notifications/settings',
      async (req: Request<object, NotificationSettings, NotificationSettingsPatch>, res: Response<NotificationSettings>) => {
        res.json(await mergeDocument(store, 'notificationSettings', keyOf(callerOf(res)), req.body));
      },
    );
}
