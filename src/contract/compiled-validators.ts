import type { RequestHandler } from 'express';
import { OpenApiSpecLoader } from 'express-openapi-validator/dist/framework/openapi.spec.loader.js';
import { OpenApiValidator } from 'express-openapi-validator/dist/openapi.validator.js';
import { contractFormats } from './formats.js';
import { specPath } from './spec.js';

/** Every validator made so far has loaded openapi.yaml (or one could not). */
let loading: Promise<void> = Promise.resolve();

/** Resolves once every validator made so far has loaded openapi.yaml; rejects, with why, when it cannot be loaded. */
export const contractLoaded = (): Promise<void> => loading;

/**
 * The validators by their options, made once per process and shared by its apps: each compiles openapi.yaml on its first
 * requests (about half a second), and tests start hundreds of apps. What one keeps of an app is the path parameters it
 * installs with app.param on the first, which no route reads: every operation's route is on the /api router.
 */
const compiled = new Map<string, RequestHandler[]>();

export function validator(allErrors: boolean, validateResponses: boolean): RequestHandler[] {
  const key = `${allErrors}/${validateResponses}`;
  let found = compiled.get(key);
  if (!found) compiled.set(key, (found = compile(allErrors, validateResponses)));
  return found;
}

/** As express-openapi-validator's `middleware()`, holding on to the loading of openapi.yaml it starts (contractLoaded). */
function compile(allErrors: boolean, validateResponses: boolean): RequestHandler[] {
  const validating = new OpenApiValidator({
    // The path, not a parsed copy: examples live in files beside it (mocks/examples/).
    apiSpec: specPath,
    // Unknown query parameters are ignored, as the Prism mock ignores them.
    validateRequests: { coerceTypes: false, removeAdditional: false, allErrors, allowUnknownQueryParameters: true },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    fileUploader: false, // no operation takes multipart bodies
    validateFormats: true,
    formats: contractFormats,
    ignoreUndocumented: false,
  });
  const { validateApiSpec, $refParser } = validating.options; // with the library's defaults, as middleware() passes them
  const spec = new OpenApiSpecLoader({ apiDoc: specPath, validateApiSpec, $refParser }).load();
  loading = Promise.all([loading, spec]).then(() => undefined);
  loading.catch(() => {}); // where no one asks, no unhandled rejection: the first request is told, as before
  return validating.installMiddleware(spec) as RequestHandler[];
}

/** Every validator's steps made so far (validatorsReady compiles their checks). */
export const compiledValidators = () => compiled.values();
