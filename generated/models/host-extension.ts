/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * The extension member (RFC 9457) of a `host-not-allowed` problem.
 */
export interface HostExtension {
    /**
     * The `Host` header as sent.
     */
    'host': string;
}

