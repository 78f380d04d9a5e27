/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
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
    HostProblem,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
} from '../models/index.js';

export interface GetDeviceRequest {
    /**
     * The registration's `appId`, percent-encoded.
     */
    appId: string;
    /**
     * The registration's `installationId`, percent-encoded.
     */
    installationId: string;
    /**
     * A 304 with no body while the current representation has one of these
     * entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
     * it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
     * 
     */
    ifNoneMatch?: string;
}

export interface ListDevicesRequest {
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

export interface RegisterDeviceRequest {
    /**
     * 
     */
    deviceRegistration: DeviceRegistration;
    /**
     * The write goes ahead only while the resource's current representation has
     * one of these entity tags (strong comparison: a weak `W/"…"` never
     * matches), or, for `*`, while it exists (RFC 9110 §13.1.1); otherwise 412
     * `precondition-failed` and nothing changes. Checked in the same atomic step
     * as the write, so of two writers holding one `ETag` only the first succeeds.
     * 
     */
    ifMatch?: string;
    /**
     * `*` makes the PUT create-only: 412 `precondition-failed` when the resource
     * exists, and nothing changes. Entity tags: 412 while the current
     * representation has one of them (weak comparison) (RFC 9110 §13.1.2).
     * 
     */
    ifNoneMatch?: string;
}

export interface UnregisterDeviceRequest {
    /**
     * The registration's `appId`, percent-encoded.
     */
    appId: string;
    /**
     * The registration's `installationId`, percent-encoded.
     */
    installationId: string;
    /**
     * The write goes ahead only while the resource's current representation has
     * one of these entity tags (strong comparison: a weak `W/"…"` never
     * matches), or, for `*`, while it exists (RFC 9110 §13.1.1); otherwise 412
     * `precondition-failed` and nothing changes. Checked in the same atomic step
     * as the write, so of two writers holding one `ETag` only the first succeeds.
     * 
     */
    ifMatch?: string;
}

/**
 * 
 */
export class DevicesApi extends runtime.BaseAPI {

    /**
     * Creates request options for getDevice without sending the request
     */
    async getDeviceRequestOpts(requestParameters: GetDeviceRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['appId'] == null) {
            throw new runtime.RequiredError(
                'appId',
                'Required parameter "appId" was null or undefined when calling getDevice().'
            );
        }

        if (requestParameters['installationId'] == null) {
            throw new runtime.RequiredError(
                'installationId',
                'Required parameter "installationId" was null or undefined when calling getDevice().'
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

        let urlPath = `/api/notifications/devices/{appId}/{installationId}`;
        urlPath = urlPath.replace('{appId}', encodeURIComponent(String(requestParameters['appId'])));
        urlPath = urlPath.replace('{installationId}', encodeURIComponent(String(requestParameters['installationId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s registration with this `appId` and `installationId`, with its `ETag`, for a later `If-Match` on `PUT /api/notifications/devices` or `DELETE`. Another user\'s registration is never shown: when the caller has none with these ids, 404 (the same as for ids never registered). 
     * Reads one of the caller\'s devices.
     */
    async getDeviceRaw(requestParameters: GetDeviceRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Device>> {
        const requestOptions = await this.getDeviceRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The caller\'s registration with this `appId` and `installationId`, with its `ETag`, for a later `If-Match` on `PUT /api/notifications/devices` or `DELETE`. Another user\'s registration is never shown: when the caller has none with these ids, 404 (the same as for ids never registered). 
     * Reads one of the caller\'s devices.
     */
    async getDevice(requestParameters: GetDeviceRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<Device> {
        const response = await this.getDeviceRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for listDevices without sending the request
     */
    async listDevicesRequestOpts(requestParameters: ListDevicesRequest): Promise<runtime.RequestOpts> {
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
    async listDevicesRaw(requestParameters: ListDevicesRequest = {}, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<DeviceList>> {
        const requestOptions = await this.listDevicesRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Paged: at most `limit` devices a page, in one stable order that holds across pages (by the text `appId/installationId`, so `com.example.chat.desktop` sorts before `com.example.chat`). When more follow, the `Link` header gives the next page. 
     * Lists the caller\'s registered devices.
     */
    async listDevices(requestParameters: ListDevicesRequest = {}, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.Paged<DeviceList>> {
        const response = await this.listDevicesRaw(requestParameters, initOverrides);
        return runtime.withNextCursor(response.raw, await response.value());
    }

    /**
     * Creates request options for registerDevice without sending the request
     */
    async registerDeviceRequestOpts(requestParameters: RegisterDeviceRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['deviceRegistration'] == null) {
            throw new runtime.RequiredError(
                'deviceRegistration',
                'Required parameter "deviceRegistration" was null or undefined when calling registerDevice().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

        if (requestParameters['ifMatch'] != null) {
            headerParameters['If-Match'] = String(requestParameters['ifMatch']);
        }

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
     * A registration is keyed by `(appId, installationId)`. Registering the same key again replaces the stored record (a new token replaces the old) and moves it to the calling user. A new registration (201) is named by `Location`, where `GET` reads it with its `ETag`.  A key that another user holds is none of the caller\'s, as for `GET` and `DELETE`: the caller\'s registration is new (201, with a `createdAt` of its own and `Location`), and the other user\'s is gone (their list no longer has it). For the preconditions too it is none: `If-None-Match: *` goes ahead, `If-Match` gets 412. 
     * Registers a device.
     */
    async registerDeviceRaw(requestParameters: RegisterDeviceRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<Device>> {
        const requestOptions = await this.registerDeviceRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * A registration is keyed by `(appId, installationId)`. Registering the same key again replaces the stored record (a new token replaces the old) and moves it to the calling user. A new registration (201) is named by `Location`, where `GET` reads it with its `ETag`.  A key that another user holds is none of the caller\'s, as for `GET` and `DELETE`: the caller\'s registration is new (201, with a `createdAt` of its own and `Location`), and the other user\'s is gone (their list no longer has it). For the preconditions too it is none: `If-None-Match: *` goes ahead, `If-Match` gets 412. 
     * Registers a device.
     */
    async registerDevice(requestParameters: RegisterDeviceRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<Device> {
        const response = await this.registerDeviceRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for unregisterDevice without sending the request
     */
    async unregisterDeviceRequestOpts(requestParameters: UnregisterDeviceRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['appId'] == null) {
            throw new runtime.RequiredError(
                'appId',
                'Required parameter "appId" was null or undefined when calling unregisterDevice().'
            );
        }

        if (requestParameters['installationId'] == null) {
            throw new runtime.RequiredError(
                'installationId',
                'Required parameter "installationId" was null or undefined when calling unregisterDevice().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (requestParameters['ifMatch'] != null) {
            headerParameters['If-Match'] = String(requestParameters['ifMatch']);
        }

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
     * Removes the caller\'s registration with this `appId` and `installationId`, so the device gets no more notifications, and frees a place in the caller\'s devices quota. Another user\'s registration is never touched: when the caller has none with these ids, 404, so a repeated delete is 404. 
     * Unregisters one of the caller\'s devices.
     */
    async unregisterDeviceRaw(requestParameters: UnregisterDeviceRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<void>> {
        const requestOptions = await this.unregisterDeviceRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.VoidApiResponse(response);
    }

    /**
     * Removes the caller\'s registration with this `appId` and `installationId`, so the device gets no more notifications, and frees a place in the caller\'s devices quota. Another user\'s registration is never touched: when the caller has none with these ids, 404, so a repeated delete is 404. 
     * Unregisters one of the caller\'s devices.
     */
    async unregisterDevice(requestParameters: UnregisterDeviceRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<void> {
        await this.unregisterDeviceRaw(requestParameters, initOverrides);
    }

}
