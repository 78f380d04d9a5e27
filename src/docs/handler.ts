import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Router, type Response } from 'express';
import { specPath } from '../contract/spec.js';
import { HttpProblem } from '../http/problem.js';
import { EXACT_ROUTING } from '../http/routing.js';

/** Built by `npm run build:docs` (part of `make run` and `make test`) from openapi.yaml. */
const built = join(dirname(specPath), 'dist', 'docs');

const FILES: Record<string, [file: string, type: string]> = {
  '/docs': ['index.html', 'html'],
  '/docs/redoc.standalone.js': ['redoc.standalone.js', 'js'],
  '/docs/init.js': ['init.js', 'js'],
  '/docs/openapi.json': ['openapi.json', 'json'],
  '/openapi.yaml': ['openapi.yaml', 'application/yaml'],
};

export const DOCS_PATHS = Object.keys(FILES);

/** The contract for people: GET /docs (rendered by Redoc) and GET /openapi.yaml (bundled, examples inlined). */
export function docsRoutes(): Router {
  const router = Router(EXACT_ROUTING);
  for (const [path, [file, type]] of Object.entries(FILES)) {
    router.get(path, (_req, res: Response) => {
      const location = join(built, file);
      if (!existsSync(location)) throw new HttpProblem('not-found', 'The reference is not built yet: run `npm run build:docs`.');
      // Redoc styles inline and searches in a blob: worker; everything else comes from here.
      res.set('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:");
      res.type(type).sendFile(location);
    });
  }
  return router;
}
