/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */

import * as runtime from '../runtime.js';
import type {
    // @ts-ignore: unused where only an error response names it
    CreateStreamRequest,
    // @ts-ignore: unused where only an error response names it
    HostProblem,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
    // @ts-ignore: unused where only an error response names it
    Stream,
} from '../models/index.js';

export interface CreateStreamOperationRequest {
    /**
     * 
     */
    createStreamRequest: CreateStreamRequest;
    /**
     * Makes the create safe to retry (draft-ietf-httpapi-idempotency-key-header):
     * a key of the client's choosing, unique per request it means, such as a
     * UUID; 1 to 255 printable ASCII characters, as a Structured Field string
     * (`"…"`, with `\"` and `\\` for a quote and a backslash) or bare
     * (`8e03978e-…`; both name the key between the quotes). A repeat with the
     * same key and request by the same user within 24 h (`IDEMPOTENCY_KEY_TTL`)
     * gets the first answer again, exactly, and creates nothing; with another
     * request, 422; while the first is still being served, 409. A longer or
     * malformed key gets 400. Any other request refused (4xx) keeps no key; a
     * user keeps at most 5000 (`QUOTA_IDEMPOTENCY_KEYS`), and a new one past
     * that gets 403 `quota-exceeded`.
     * 
     */
    idempotencyKey?: string;
}

export interface GetStreamRequest {
    /**
     * The stream's id.
     */
    streamId: string;
    /**
     * A 304 with no body while the current representation has one of these
     * entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
     * it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
     * 
     */
    ifNoneMatch?: string;
}

/**
 * 
 */
export class StreamsApi extends runtime.BaseAPI {

    /**
     * Creates request options for createStream without sending the request
     */
    async createStreamRequestOpts(requestParameters: CreateStreamOperationRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createStreamRequest'] == null) {
            throw new runtime.RequiredError(
                'createStreamRequest',
                'Required parameter "createStreamRequest" was null or undefined when calling createStream().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (requestParameters['idempotencyKey'] != null) {
            headerParameters['Idempotency-Key'] = String(requestParameters['idempotencyKey']);
        }

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("bearerAuth", []);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/api/streams`;

        return {
            path: urlPath,
            method: 'POST',
            headers: headerParameters,
            query: queryParameters,
            body: requestParameters['createStreamRequest'],
        };
    }

    /**
     * Creates a stream with the caller as its creator and first member, and with the initial message when one is sent. The answer is the stored stream, with its new `id`, and `Location` names it. Each stream counts against its creator\'s streams quota, and each `Idempotency-Key` kept against their keys quota: past either, 403 `quota-exceeded` and nothing is stored. 
     * Creates a stream, optionally with an initial message.
     */
    async createStreamRaw(requestParameters: CreateStreamOperationRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Stream>> {
        const requestOptions = await this.createStreamRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Creates a stream with the caller as its creator and first member, and with the initial message when one is sent. The answer is the stored stream, with its new `id`, and `Location` names it. Each stream counts against its creator\'s streams quota, and each `Idempotency-Key` kept against their keys quota: past either, 403 `quota-exceeded` and nothing is stored. 
     * Creates a stream, optionally with an initial message.
     */
    async createStream(requestParameters: CreateStreamOperationRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<Stream> {
        const response = await this.createStreamRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for getStream without sending the request
     */
    async getStreamRequestOpts(requestParameters: GetStreamRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['streamId'] == null) {
            throw new runtime.RequiredError(
                'streamId',
                'Required parameter "streamId" was null or undefined when calling getStream().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (requestParameters['ifNoneMatch'] != null) {
            headerParameters['If-None-Match'] = String(requestParameters['ifNoneMatch']);
        }

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("bearerAuth", []);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/api/streams/{streamId}`;
        urlPath = urlPath.replace('{streamId}', encodeURIComponent(String(requestParameters['streamId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Who may read a stream: its `members` (the creator is always one), and, when its `visibility` is exactly `public`, every authenticated user. Any other `visibility` (`private`, `Public`, none at all) keeps it to its members. Anyone else gets the same 404 as for a stream that does not exist: the same `type`, `title`, `detail` (naming the id as sent) and headers, so an id tells an outsider nothing. Without authentication every request is the user `local`, so every stream written that way is its own. 
     * Reads a stream with its initial message.
     */
    async getStreamRaw(requestParameters: GetStreamRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Stream>> {
        const requestOptions = await this.getStreamRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Who may read a stream: its `members` (the creator is always one), and, when its `visibility` is exactly `public`, every authenticated user. Any other `visibility` (`private`, `Public`, none at all) keeps it to its members. Anyone else gets the same 404 as for a stream that does not exist: the same `type`, `title`, `detail` (naming the id as sent) and headers, so an id tells an outsider nothing. Without authentication every request is the user `local`, so every stream written that way is its own. 
     * Reads a stream with its initial message.
     */
    async getStream(requestParameters: GetStreamRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<Stream> {
        const response = await this.getStreamRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
