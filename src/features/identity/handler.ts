import type { Request, Response, Router } from 'express';
import type { IdentitySettings, IdentitySettingsPatch } from '../../../generated/index.js';
import { sendTagged } from '../../edge/conditional.js';
import { HttpProblem } from '../../errors/problem.js';
import { contextOf } from '../shared/context.js';
import { mergeDocument } from '../shared/merge-document.js';
import { keyOf } from '../../store/store.js';

type Params = { namespace: string };

export function identityRoutes(api: Router): void {
  api
    .get('/identity/settings/:namespace', async (req: Request<Params>, res: Response<IdentitySettings>) => {
      const { store, caller } = contextOf(req, res);
      const settings = await store.get<IdentitySettings>('identitySettings', keyOf(caller, req.params.namespace));
      if (!settings) throw new HttpProblem('not-found', `No identity settings in namespace "${req.params.namespace}".`);
      sendTagged(req, res, settings);
    })
    .patch(
      '/identity/settings/:namespace',
      async (req: Request<Params, IdentitySettings, IdentitySettingsPatch>, res: Response<IdentitySettings>) => {
        const context = contextOf(req, res);
        const { namespace } = req.params;
        // The wrapper's `patch` merges into the namespace's `settings`: as a merge patch of the whole document, that is `{ settings: patch }`.
        const patch = { namespace, settings: req.body.patch };
        const key = keyOf(context.caller, namespace);
        sendTagged(
          req,
          res,
          await mergeDocument<IdentitySettings>(context, { collection: 'identitySettings', key, patch }),
        );
      },
    );
}
