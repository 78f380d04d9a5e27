/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * The extension member (RFC 9457) of a draft\'s `conflict` problem.
 */
export interface DraftConflictExtension {
    /**
     * The stored draft\'s `updatedAt`, or null when no draft exists.
     */
    'updatedAt': string | null;
}

