/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { FieldError } from './field-error.js';

/**
 * An RFC 9457 problem document.
 */
export interface Problem {
    /**
     * The kind of problem: a URI. The types known today are listed in `x-extensible-enum`, each with its meaning and status in `x-enumDescriptions`. The list is open: a later minor version may add a type, so a client branches on `type` where it knows it (not on `title` or `detail`) and treats a type it does not know by its status. 
     */
    'type': string;
    /**
     * A short summary of the kind of problem.
     */
    'title': string;
    /**
     * The HTTP status code.
     */
    'status': number;
    /**
     * What went wrong with this request.
     */
    'detail': string;
    /**
     * Validation failures, one per offending field, at most 50. A body of more than 1024 values (objects, arrays and scalars, counted over the whole body) is checked only up to its first error, which is listed alone, and `detail` says so: listing every error costs time in the number of errors, and a megabyte can hold millions. 
     */
    'errors'?: Array<FieldError>;
    /**
     * Offending fields beyond the 50 listed in `errors`; absent when all are listed.
     */
    'errorsNotListed'?: number;
    /**
     * A request\'s id (see the `X-Request-Id` header).
     */
    'requestId': string;
}

