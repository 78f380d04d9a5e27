/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
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
     * A URI naming the kind of problem.
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
     * Validation failures, one per offending field.
     */
    'errors'?: Array<FieldError>;
    /**
     * A request\'s id (see the `X-Request-Id` header).
     */
    'requestId': string;
}

