/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */

import * as runtime from '../runtime.js';
import type {
    // @ts-ignore: unused where only an error response names it
    CreateStreamRequest,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
    // @ts-ignore: unused where only an error response names it
    Stream,
} from '../models/index.js';

export interface StreamsControllerCreateRequest {
    /**
     * 
     */
    createStreamRequest: CreateStreamRequest;
}

export interface StreamsControllerGetRequest {
    /**
     * The stream's id.
     */
    streamId: string;
}

/**
 * 
 */
export class StreamsApi extends runtime.BaseAPI {

    /**
     * Creates request options for streamsControllerCreate without sending the request
     */
    async streamsControllerCreateRequestOpts(requestParameters: StreamsControllerCreateRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['createStreamRequest'] == null) {
            throw new runtime.RequiredError(
                'createStreamRequest',
                'Required parameter "createStreamRequest" was null or undefined when calling streamsControllerCreate().'
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
     * Creates a stream, optionally with an initial message.
     */
    async streamsControllerCreateRaw(requestParameters: StreamsControllerCreateRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Stream>> {
        const requestOptions = await this.streamsControllerCreateRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Creates a stream, optionally with an initial message.
     */
    async streamsControllerCreate(requestParameters: StreamsControllerCreateRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<Stream> {
        const response = await this.streamsControllerCreateRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for streamsControllerGet without sending the request
     */
    async streamsControllerGetRequestOpts(requestParameters: StreamsControllerGetRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['streamId'] == null) {
            throw new runtime.RequiredError(
                'streamId',
                'Required parameter "streamId" was null or undefined when calling streamsControllerGet().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

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
     * Reads a stream with its initial message.
     */
    async streamsControllerGetRaw(requestParameters: StreamsControllerGetRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Stream>> {
        const requestOptions = await this.streamsControllerGetRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Reads a stream with its initial message.
     */
    async streamsControllerGet(requestParameters: StreamsControllerGetRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<Stream> {
        const response = await this.streamsControllerGetRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
