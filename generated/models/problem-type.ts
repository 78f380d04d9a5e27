/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * The kind of problem: a URI, one of this catalogue (the service\'s own, `src/http/problem.ts`, which a test keeps in step with it). Each value\'s meaning and status is in `x-enumDescriptions`. A client should branch on `type`, not on `title` or `detail`, and treat a type it does not know as its status\'s general meaning. 
 */

export const ProblemType = {
    UrnProblemCollabValidationFailed: 'urn:problem:collab:validation-failed',
    UrnProblemCollabMalformedJson: 'urn:problem:collab:malformed-json',
    UrnProblemCollabUnauthenticated: 'urn:problem:collab:unauthenticated',
    UrnProblemCollabQuotaExceeded: 'urn:problem:collab:quota-exceeded',
    UrnProblemCollabOriginNotAllowed: 'urn:problem:collab:origin-not-allowed',
    UrnProblemCollabNotFound: 'urn:problem:collab:not-found',
    UrnProblemCollabMethodNotAllowed: 'urn:problem:collab:method-not-allowed',
    UrnProblemCollabRequestTimeout: 'urn:problem:collab:request-timeout',
    UrnProblemCollabConflict: 'urn:problem:collab:conflict',
    UrnProblemCollabPayloadTooLarge: 'urn:problem:collab:payload-too-large',
    UrnProblemCollabDocumentTooLarge: 'urn:problem:collab:document-too-large',
    UrnProblemCollabUnsupportedMediaType: 'urn:problem:collab:unsupported-media-type',
    UrnProblemCollabRateLimited: 'urn:problem:collab:rate-limited',
    UrnProblemCollabInternal: 'urn:problem:collab:internal',
    UrnProblemCollabUnavailable: 'urn:problem:collab:unavailable',
    UrnProblemCollabOverloaded: 'urn:problem:collab:overloaded',
    UrnProblemCollabStorageFull: 'urn:problem:collab:storage-full',
} as const;

export type ProblemType = typeof ProblemType[keyof typeof ProblemType];



