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
 * A 403 problem naming the quota the write would pass.
 */
export interface QuotaProblem {
    'type': ProblemType;
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
    QuotaBytes: 'QUOTA_BYTES',
} as const;

export type QuotaProblemQuotaEnum = typeof QuotaProblemQuotaEnum[keyof typeof QuotaProblemQuotaEnum];


