/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */

import * as runtime from '../runtime.js';
import type {
    // @ts-ignore: unused where only an error response names it
    Device,
    // @ts-ignore: unused where only an error response names it
    DeviceList,
    // @ts-ignore: unused where only an error response names it
    DeviceRegistration,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
} from '../models/index.js';

export interface DevicesControllerListRequest {
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

export interface DevicesControllerRegisterRequest {
    /**
     * 
     */
    deviceRegistration: DeviceRegistration;
}

export interface DevicesControllerUnregisterRequest {
    /**
     * The registration's `appId`, percent-encoded.
     */
    appId: string;
    /**
     * The registration's `installationId`, percent-encoded.
     */
    installationId: string;
}

/**
 * 
 */
export class DevicesApi extends runtime.BaseAPI {

    /**
     * Creates request options for devicesControllerList without sending the request
     */
    async devicesControllerListRequestOpts(requestParameters: DevicesControllerListRequest): Promise<runtime.RequestOpts> {
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

        let urlPath = `/api/notifications/devices`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Paged: at most `limit` devices a page, in one stable order that holds across pages (by the text `appId/installationId`, so `com.example.chat.desktop` sorts before `com.example.chat`). When more follow, the `Link` header gives the next page. 
     * Lists the caller\'s registered devices.
     */
    async devicesControllerListRaw(requestParameters: DevicesControllerListRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<DeviceList>> {
        const requestOptions = await this.devicesControllerListRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Paged: at most `limit` devices a page, in one stable order that holds across pages (by the text `appId/installationId`, so `com.example.chat.desktop` sorts before `com.example.chat`). When more follow, the `Link` header gives the next page. 
     * Lists the caller\'s registered devices.
     */
    async devicesControllerList(requestParameters: DevicesControllerListRequest = {}, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<DeviceList> {
        const response = await this.devicesControllerListRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for devicesControllerRegister without sending the request
     */
    async devicesControllerRegisterRequestOpts(requestParameters: DevicesControllerRegisterRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['deviceRegistration'] == null) {
            throw new runtime.RequiredError(
                'deviceRegistration',
                'Required parameter "deviceRegistration" was null or undefined when calling devicesControllerRegister().'
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

        let urlPath = `/api/notifications/devices`;

        return {
            path: urlPath,
            method: 'PUT',
            headers: headerParameters,
            query: queryParameters,
            body: requestParameters['deviceRegistration'],
        };
    }

    /**
     * A registration is keyed by `(appId, installationId)`. Registering the same key again replaces the stored record (a new token replaces the old) and moves it to the calling user. 
     * Registers a device.
     */
    async devicesControllerRegisterRaw(requestParameters: DevicesControllerRegisterRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Device>> {
        const requestOptions = await this.devicesControllerRegisterRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * A registration is keyed by `(appId, installationId)`. Registering the same key again replaces the stored record (a new token replaces the old) and moves it to the calling user. 
     * Registers a device.
     */
    async devicesControllerRegister(requestParameters: DevicesControllerRegisterRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<Device> {
        const response = await this.devicesControllerRegisterRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for devicesControllerUnregister without sending the request
     */
    async devicesControllerUnregisterRequestOpts(requestParameters: DevicesControllerUnregisterRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['appId'] == null) {
            throw new runtime.RequiredError(
                'appId',
                'Required parameter "appId" was null or undefined when calling devicesControllerUnregister().'
            );
        }

        if (requestParameters['installationId'] == null) {
            throw new runtime.RequiredError(
                'installationId',
                'Required parameter "installationId" was null or undefined when calling devicesControllerUnregister().'
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

        let urlPath = `/api/notifications/devices/{appId}/{installationId}`;
        urlPath = urlPath.replace('{appId}', encodeURIComponent(String(requestParameters['appId'])));
        urlPath = urlPath.replace('{installationId}', encodeURIComponent(String(requestParameters['installationId'])));

        return {
            path: urlPath,
            method: 'DELETE',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Unregisters one of the caller\'s devices.
     */
    async devicesControllerUnregisterRaw(requestParameters: DevicesControllerUnregisterRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<void>> {
        const requestOptions = await this.devicesControllerUnregisterRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.VoidApiResponse(response);
    }

    /**
     * Unregisters one of the caller\'s devices.
     */
    async devicesControllerUnregister(requestParameters: DevicesControllerUnregisterRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<void> {
        await this.devicesControllerUnregisterRaw(requestParameters, initOverrides);
    }

}
