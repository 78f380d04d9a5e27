/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * The extension member (RFC 9457) of an `origin-not-allowed` problem.
 */
export interface OriginExtension {
    /**
     * The preflight\'s `Origin` header as sent.
     */
    'origin': string;
}

