import type { Request, Response, Router } from 'express';
import type { CycleTemplateDraft, CycleTemplateDraftInput } from '../../../generated/index.js';
import { callerOf } from '../../edge/caller.js';
import { preconditionsOf, sendTagged } from '../../edge/conditional.js';
import { clockOf, storeOf } from '../../edge/scope.js';
import { getDraft, saveDraft } from './drafts.js';

type Params = { templateId: string };
const path = '/cycles/templates/:templateId/draft';

export function cycleRoutes(api: Router): void {
  api
    .get(path, async (req: Request<Params>, res: Response<CycleTemplateDraft>) => {
      sendTagged(req, res, await getDraft(storeOf(res), req.params.templateId));
    })
    .put(
      path,
      async (req: Request<Params, CycleTemplateDraft, CycleTemplateDraftInput>, res: Response<CycleTemplateDraft>) => {
        const { draft, created } = await saveDraft(
          storeOf(res),
          clockOf(res),
          callerOf(res),
          req.params.templateId,
          req.body,
          preconditionsOf(req),
        );
        sendTagged(req, res, draft, created ? 201 : 200);
      },
    );
}
