import type { Request, Response, Router } from 'express';
import type { CycleTemplateDraft, CycleTemplateDraftInput } from '../../../generated/index.js';
import { sendTagged } from '../../edge/conditional.js';
import { contextOf } from '../shared/context.js';
import { getDraft, saveDraft } from './drafts.js';

type Params = { templateId: string };
const path = '/cycles/templates/:templateId/draft';

export function cycleRoutes(api: Router): void {
  api
    .get(path, async (req: Request<Params>, res: Response<CycleTemplateDraft>) => {
      sendTagged(req, res, await getDraft(contextOf(req, res), req.params));
    })
    .put(
      path,
      async (req: Request<Params, CycleTemplateDraft, CycleTemplateDraftInput>, res: Response<CycleTemplateDraft>) => {
        const { templateId } = req.params;
        const { draft, created } = await saveDraft(contextOf(req, res), { templateId, draft: req.body });
        sendTagged(req, res, draft, created ? 201 : 200);
      },
    );
}
