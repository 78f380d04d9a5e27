/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A stored read marker; sent back to `PUT /api/chat/reads` as it is, it is accepted.
 */
export interface ReadMarker {
    /**
     * The stream read in.
     */
    'streamId': string;
    /**
     * The thread session read in; absent for the stream itself.
     */
    'threadSessionId'?: string;
    /**
     * The last message read.
     */
    'lastReadMessageId': string;
    /**
     * When the marker was last written.
     */
    'updatedAt': string;
}

