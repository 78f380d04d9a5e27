import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { contractFormats } from './formats.js';
import { specPath } from './spec.js';

/** express-openapi-validator enforcing openapi.yaml on every request, strictly. */
export function validateAgainst(validateResponses: boolean): RequestHandler[] {
  return OpenApiValidator.middleware({
    // The path, not a parsed copy: examples live in files beside it (mocks/examples/).
    apiSpec: specPath,
    // Unknown query parameters are ignored, as the Prism mock ignores them.
    validateRequests: { coerceTypes: false, removeAdditional: false, allErrors: true, allowUnknownQueryParameters: true },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    fileUploader: false, // no operation takes multipart bodies
    validateFormats: true,
    formats: contractFormats,
    ignoreUndocumented: false,
  }) as RequestHandler[];
}
