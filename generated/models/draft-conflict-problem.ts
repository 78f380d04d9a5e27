/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A 409 problem carrying the stored draft\'s current `updatedAt`.
 */
export interface DraftConflictProblem {
    /**
     * The kind of problem: a URI. The types known today are listed in `x-extensible-enum`, each with its meaning and status in `x-enumDescriptions`. The list is open: a later minor version may add a type, so a client branches on `type` where it knows it (not on `title` or `detail`) and treats a type it does not know by its status. 
     */
    'type': string;
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

