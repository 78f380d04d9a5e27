import type { Request, Response, Router } from 'express';
import type { IdentitySettings, IdentitySettingsPatch } from '../../generated/index.js';
import { callerOf } from '../http/caller.js';
import { HttpProblem } from '../http/problem.js';
import { checkDocumentSize } from '../lib/document-cap.js';
import { mergePatch } from '../lib/merge-patch.js';
import { nextTimestamp } from '../lib/time.js';
import { keyOf, type Store } from '../store/store.js';

type Params = { namespace: string };

export function identityRoutes(api: Router, store: Store): void {
  api
    .get('/identity/settings/:namespace', async (req: Request<Params>, res: Response<IdentitySettings>) => {
      const key = keyOf(callerOf(res), req.params.namespace);
      const settings = await store.get<IdentitySettings>('identitySettings', key);
      if (!settings) throw new HttpProblem('not-found', `No identity settings in namespace "${req.params.namespace}".`);
      res.json(settings);
    })
    .patch(
      '/identity/settings/:namespace',
      async (req: Request<Params, IdentitySettings, IdentitySettingsPatch>, res: Response<IdentitySettings>) => {
        res.json(await patchIdentitySettings(store, callerOf(res), req.params.namespace, req.body.patch));
      },
    );
}

async function patchIdentitySettings(
  store: Store,
  userId: string,
  namespace: string,
  patch: Record<string, unknown>,
): Promise<IdentitySettings> {
  const { current } = await store.update<IdentitySettings>('identitySettings', keyOf(userId, namespace), (previous) => {
    const settings: IdentitySettings = {
      namespace,
      settings: mergePatch(previous?.settings ?? {}, patch) as Record<string, unknown>,
      updatedAt: nextTimestamp(previous?.updatedAt),
    };
    checkDocumentSize(settings);
    return settings;
  });
  return current as IdentitySettings;
}
