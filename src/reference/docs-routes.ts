import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RequestHandler } from 'express';
import { specPath } from '../contract/spec.js';
import { HttpProblem } from '../errors/problem.js';

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

/**
 * The contract for people: GET /docs (rendered by Redoc) and GET /openapi.yaml
 * (bundled, examples inlined). Its paths are matched exactly, by one lookup, so
 * the requests it does not serve pass at no cost.
 */
export function docsRoutes(): RequestHandler {
  const files = new Map(Object.entries(FILES));
  return (req, res, next) => {
    const found = req.method === 'GET' || req.method === 'HEAD' ? files.get(req.path) : undefined;
    if (!found) return next();
    const [file, type] = found;
    const location = join(built, file);
    if (!existsSync(location))
      throw new HttpProblem('not-found', 'The reference is not built yet: run `npm run build:docs`.');
    // Redoc styles inline and searches in a blob: worker; everything else comes from here.
    res.set(
      'Content-Security-Policy',
      "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; worker-src 'self' blob:",
    );
    res.type(type).sendFile(file, { root: built }); // root: a dot folder above the checkout is no hidden file
  };
}
