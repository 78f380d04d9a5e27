/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A 403 problem naming the quota the write would pass.
 */
export interface QuotaProblem {
    /**
     * The kind of problem: a URI. The types known today are listed in `x-extensible-enum`, each with its meaning and status in `x-enumDescriptions`. The list is open: a later minor version may add a type, so a client branches on `type` where it knows it (not on `title` or `detail`) and treats a type it does not know by its status. 
     */
    'type': string;
    /**
     * A short summary of the kind of problem.
     */
    'title': string;
    /**
     * The HTTP status code, 403.
     */
    'status': number;
    /**
     * Which quota, in words.
     */
    'detail': string;
    /**
     * A request\'s id (see the `X-Request-Id` header).
     */
    'requestId': string;
    /**
     * The setting of the quota.
     */
    'quota': QuotaProblemQuotaEnum;
    /**
     * The quota.
     */
    'limit': number;
    /**
     * What the caller keeps now (records, or bytes for `QUOTA_BYTES`).
     */
    'used': number;
}

export const QuotaProblemQuotaEnum = {
    QuotaStreams: 'QUOTA_STREAMS',
    QuotaDevices: 'QUOTA_DEVICES',
    QuotaIdentityNamespaces: 'QUOTA_IDENTITY_NAMESPACES',
    QuotaDrafts: 'QUOTA_DRAFTS',
    QuotaReadMarkers: 'QUOTA_READ_MARKERS',
    QuotaReadMarkersPerStream: 'QUOTA_READ_MARKERS_PER_STREAM',
    QuotaIdempotencyKeys: 'QUOTA_IDEMPOTENCY_KEYS',
    QuotaBytes: 'QUOTA_BYTES',
} as const;

export type QuotaProblemQuotaEnum = typeof QuotaProblemQuotaEnum[keyof typeof QuotaProblemQuotaEnum];


