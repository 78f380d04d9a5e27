/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { ProblemType } from './problem-type.js';

/**
 * A 409 problem carrying the stored draft\'s current `updatedAt`.
 */
export interface DraftConflictProblem {
    'type': ProblemType;
    /**
     * A short summary of the kind of problem.
     */
    'title': string;
    /**
     * The HTTP status code, 409.
     */
    'status': number;
    /**
     * Why the save conflicts.
     */
    'detail': string;
    /**
     * A request\'s id (see the `X-Request-Id` header).
     */
    'requestId': string;
    /**
     * The stored draft\'s `updatedAt`, or null when no draft exists.
     */
    'updatedAt': string | null;
}



