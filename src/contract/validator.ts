import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { contractFormats } from './formats.js';
import type { OpenApiDocument } from './spec.js';

/** express-openapi-validator enforcing openapi.yaml on every request, strictly. */
export function validateAgainst(spec: OpenApiDocument, validateResponses: boolean): RequestHandler[] {
  return OpenApiValidator.middleware({
    // The validator keeps and rewrites the document it is given: hand it a copy.
    apiSpec: structuredClone(spec) as never,
    validateRequests: { coerceTypes: false, removeAdditional: false, allErrors: true },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    validateFormats: true,
    formats: contractFormats,
    ignoreUndocumented: false,
  }) as RequestHandler[];
}
