import type { Request, Response, Router } from 'express';
import type { IdentitySettings, IdentitySettingsPatch } from '../../../generated/index.js';
import { callerOf } from '../../edge/caller.js';
import { preconditionsOf, sendTagged } from '../../edge/conditional.js';
import { clockOf, storeOf } from '../../edge/scope.js';
import { HttpProblem } from '../../errors/problem.js';
import { mergeDocument } from '../shared/merge-document.js';
import { keyOf } from '../../store/store.js';

type Params = { namespace: string };

export function identityRoutes(api: Router): void {
  api
    .get('/identity/settings/:namespace', async (req: Request<Params>, res: Response<IdentitySettings>) => {
      const key = keyOf(callerOf(res), req.params.namespace);
      const settings = await storeOf(res).get<IdentitySettings>('identitySettings', key);
      if (!settings) throw new HttpProblem('not-found', `No identity settings in namespace "${req.params.namespace}".`);
      sendTagged(req, res, settings);
    })
    .patch(
      '/identity/settings/:namespace',
      async (req: Request<Params, IdentitySettings, IdentitySettingsPatch>, res: Response<IdentitySettings>) => {
        const userId = callerOf(res);
        const { namespace } = req.params;
        // The wrapper's `patch` merges into the namespace's `settings`: as a merge patch of the whole document, that is `{ settings: patch }`.
        const patch = { namespace, settings: req.body.patch };
        sendTagged(
          req,
          res,
          await mergeDocument<IdentitySettings>(
            storeOf(res),
            clockOf(res),
            'identitySettings',
            keyOf(userId, namespace),
            patch,
            userId,
            preconditionsOf(req),
          ),
        );
      },
    );
}
