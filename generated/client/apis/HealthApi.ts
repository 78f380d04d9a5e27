/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
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
     * Creates request options for checkLiveness without sending the request
     */
    async checkLivenessRequestOpts(): Promise<runtime.RequestOpts> {
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
    async checkLivenessRaw(initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Health>> {
        const requestOptions = await this.checkLivenessRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The liveness probe; it does not look at the store (see `/readyz`).
     * Reports that the service can serve.
     */
    async checkLiveness(initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<Health> {
        const response = await this.checkLivenessRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for checkReadiness without sending the request
     */
    async checkReadinessRequestOpts(): Promise<runtime.RequestOpts> {
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
     * The readiness probe: 200 while the process takes new work and its store is usable, or has been unusable (its ping failing, or unanswered within 0.5 s) for less than `READINESS_STORE_GRACE` (30 s): a shorter outage is most likely one every instance shares, and each instance stays in rotation answering its own 503 `unavailable`. Past the grace, 503 `unavailable`. From the moment a shutdown starts (SIGTERM) it answers 503 `stopping` while everything else is still served for `SHUTDOWN_DELAY` seconds, so a load balancer takes the instance out before its listener closes. Load balancers send traffic only to instances that answer 200. 
     * Reports whether the service can serve requests now.
     */
    async checkReadinessRaw(initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Health>> {
        const requestOptions = await this.checkReadinessRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The readiness probe: 200 while the process takes new work and its store is usable, or has been unusable (its ping failing, or unanswered within 0.5 s) for less than `READINESS_STORE_GRACE` (30 s): a shorter outage is most likely one every instance shares, and each instance stays in rotation answering its own 503 `unavailable`. Past the grace, 503 `unavailable`. From the moment a shutdown starts (SIGTERM) it answers 503 `stopping` while everything else is still served for `SHUTDOWN_DELAY` seconds, so a load balancer takes the instance out before its listener closes. Load balancers send traffic only to instances that answer 200. 
     * Reports whether the service can serve requests now.
     */
    async checkReadiness(initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<Health> {
        const response = await this.checkReadinessRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for scrapeMetrics without sending the request
     */
    async scrapeMetricsRequestOpts(): Promise<runtime.RequestOpts> {
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
    async scrapeMetricsRaw(initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<string>> {
        const requestOptions = await this.scrapeMetricsRequestOpts();
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
    async scrapeMetrics(initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<string> {
        const response = await this.scrapeMetricsRaw(initOverrides);
        return await response.value();
    }

}
