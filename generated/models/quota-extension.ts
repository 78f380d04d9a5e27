/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * The extension members (RFC 9457) of a `quota-exceeded` problem.
 */
export interface QuotaExtension {
    /**
     * The setting of a quota. The quotas known today are listed in `x-extensible-enum`. The list is open: a later minor version may add a quota, so a client that does not know the value still has the status, the type, `limit` and the detail. 
     */
    'quota': string;
    /**
     * The quota.
     */
    'limit': number;
    /**
     * What the caller keeps now (records, or bytes for `QUOTA_BYTES`).
     */
    'used': number;
}

