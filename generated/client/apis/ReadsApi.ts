/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */

import * as runtime from '../runtime.js';
import type {
    // @ts-ignore: unused where only an error response names it
    HostProblem,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
    // @ts-ignore: unused where only an error response names it
    ReadMarker,
    // @ts-ignore: unused where only an error response names it
    ReadMarkerInput,
    // @ts-ignore: unused where only an error response names it
    ReadMarkerList,
} from '../models/index.js';

export interface ListReadMarkersRequest {
    /**
     * The stream's id; not checked for existence (a stream without markers lists none).
     */
    streamId: string;
    /**
     * The most items a page holds.
     */
    limit?: number;
    /**
     * Where the page starts: the opaque value (base64url) from the previous
     * page's `Link: <…>; rel="next"` header. Another value of that form starts
     * the page somewhere in the caller's own list; it never reaches anyone
     * else's records. A value not of that form gets 400.
     * 
     */
    cursor?: string;
}

export interface MarkReadRequest {
    /**
     * 
     */
    readMarkerInput: ReadMarkerInput;
}

/**
 * 
 */
export class ReadsApi extends runtime.BaseAPI {

    /**
     * Creates request options for listReadMarkers without sending the request
     */
    async listReadMarkersRequestOpts(requestParameters: ListReadMarkersRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['streamId'] == null) {
            throw new runtime.RequiredError(
                'streamId',
                'Required parameter "streamId" was null or undefined when calling listReadMarkers().'
            );
        }

        const queryParameters: any = {};

        if (requestParameters['limit'] != null) {
            queryParameters['limit'] = requestParameters['limit'];
        }

        if (requestParameters['cursor'] != null) {
            queryParameters['cursor'] = requestParameters['cursor'];
        }

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("bearerAuth", []);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/api/chat/reads/{streamId}`;
        urlPath = urlPath.replace('{streamId}', encodeURIComponent(String(requestParameters['streamId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s read markers in one stream, as saved with `PUT /api/chat/reads`, a page at a time: an empty list when there are none (the stream itself is not looked up). 
     * Lists the caller\'s read markers in one stream.
     */
    async listReadMarkersRaw(requestParameters: ListReadMarkersRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<ReadMarkerList>> {
        const requestOptions = await this.listReadMarkersRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The caller\'s read markers in one stream, as saved with `PUT /api/chat/reads`, a page at a time: an empty list when there are none (the stream itself is not looked up). 
     * Lists the caller\'s read markers in one stream.
     */
    async listReadMarkers(requestParameters: ListReadMarkersRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.Paged<ReadMarkerList>> {
        const response = await this.listReadMarkersRaw(requestParameters, initOverrides);
        return runtime.withNextCursor(response.raw, await response.value());
    }

    /**
     * Creates request options for markRead without sending the request
     */
    async markReadRequestOpts(requestParameters: MarkReadRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['readMarkerInput'] == null) {
            throw new runtime.RequiredError(
                'readMarkerInput',
                'Required parameter "readMarkerInput" was null or undefined when calling markRead().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("bearerAuth", []);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/api/chat/reads`;

        return {
            path: urlPath,
            method: 'PUT',
            headers: headerParameters,
            query: queryParameters,
            body: requestParameters['readMarkerInput'],
        };
    }

    /**
     * A marker is keyed by `(caller, streamId, threadSessionId or none)`; the latest write wins. Stream, session and message ids are not checked for existence: they belong to other parts of the product. Unlike every other single-resource write, a marker has no `ETag` and takes no precondition (see *Retries and conditional requests*): `If-Match` and `If-None-Match` are not read. 
     * Records the last message read in a stream, optionally in one thread session.
     */
    async markReadRaw(requestParameters: MarkReadRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<ReadMarker>> {
        const requestOptions = await this.markReadRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * A marker is keyed by `(caller, streamId, threadSessionId or none)`; the latest write wins. Stream, session and message ids are not checked for existence: they belong to other parts of the product. Unlike every other single-resource write, a marker has no `ETag` and takes no precondition (see *Retries and conditional requests*): `If-Match` and `If-None-Match` are not read. 
     * Records the last message read in a stream, optionally in one thread session.
     */
    async markRead(requestParameters: MarkReadRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<ReadMarker> {
        const response = await this.markReadRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
