/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A read marker to record.
 */
export interface ReadMarkerInput {
    /**
     * The stream read in; not checked for existence.
     */
    'streamId': string;
    /**
     * The thread session read in; absent for the stream itself; not checked for existence.
     */
    'threadSessionId'?: string;
    /**
     * The last message read; not checked for existence.
     */
    'lastReadMessageId': string;
}

