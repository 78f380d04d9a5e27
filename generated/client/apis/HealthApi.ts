/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */

import * as runtime from '../runtime.js';
import type {
    // @ts-ignore: unused where only an error response names it
    Health,
    // @ts-ignore: unused where only an error response names it
    Problem,
} from '../models/index.js';

/**
 * 
 */
export class HealthApi extends runtime.BaseAPI {

    /**
     * Creates request options for healthControllerCheck without sending the request
     */
    async healthControllerCheckRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/healthz`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The liveness probe; it does not look at the store (see `/readyz`).
     * Reports that the service can serve.
     */
    async healthControllerCheckRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Health>> {
        const requestOptions = await this.healthControllerCheckRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The liveness probe; it does not look at the store (see `/readyz`).
     * Reports that the service can serve.
     */
    async healthControllerCheck(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<Health> {
        const response = await this.healthControllerCheckRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for healthControllerReady without sending the request
     */
    async healthControllerReadyRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/readyz`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The readiness probe: 200 while the store is open and, for PostgreSQL, answers within 1 s; otherwise 503. Load balancers send traffic only to instances that answer 200. 
     * Reports whether the service can serve requests now.
     */
    async healthControllerReadyRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Health>> {
        const requestOptions = await this.healthControllerReadyRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The readiness probe: 200 while the store is open and, for PostgreSQL, answers within 1 s; otherwise 503. Load balancers send traffic only to instances that answer 200. 
     * Reports whether the service can serve requests now.
     */
    async healthControllerReady(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<Health> {
        const response = await this.healthControllerReadyRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for metricsControllerScrape without sending the request
     */
    async metricsControllerScrapeRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};


        let urlPath = `/metrics`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * For Prometheus to scrape. `http_request_duration_seconds` is a histogram labelled by `method`, `route` (the path template in this document, or `unmatched`) and `status`; `store_commit_duration_seconds` and `store_commit_batch_size` describe the store\'s group commits; the rest are the Node.js process defaults (`process_*`, `nodejs_*`). No label holds an id from a path or a user. 
     * Reports the service\'s metrics in the Prometheus text format.
     */
    async metricsControllerScrapeRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<string>> {
        const requestOptions = await this.metricsControllerScrapeRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        if (this.isJsonMime(response.headers.get('content-type'))) {
            return new runtime.JSONApiResponse<string>(response);
        } else {
            return new runtime.TextApiResponse(response) as any;
        }
    }

    /**
     * For Prometheus to scrape. `http_request_duration_seconds` is a histogram labelled by `method`, `route` (the path template in this document, or `unmatched`) and `status`; `store_commit_duration_seconds` and `store_commit_batch_size` describe the store\'s group commits; the rest are the Node.js process defaults (`process_*`, `nodejs_*`). No label holds an id from a path or a user. 
     * Reports the service\'s metrics in the Prometheus text format.
     */
    async metricsControllerScrape(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<string> {
        const response = await this.metricsControllerScrapeRaw(initOverrides);
        return await response.value();
    }

}
