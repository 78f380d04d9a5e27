/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */

import * as runtime from '../runtime.js';
import type {
    // @ts-ignore: unused where only an error response names it
    HostProblem,
    // @ts-ignore: unused where only an error response names it
    NotificationSettings,
    // @ts-ignore: unused where only an error response names it
    NotificationSettingsPatch,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
} from '../models/index.js';

export interface PatchNotificationSettingsRequest {
    /**
     * 
     */
    notificationSettingsPatch: NotificationSettingsPatch;
}

/**
 * 
 */
export class NotificationsApi extends runtime.BaseAPI {

    /**
     * Creates request options for getNotificationSettings without sending the request
     */
    async getNotificationSettingsRequestOpts(): Promise<runtime.RequestOpts> {
        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        if (this.configuration && this.configuration.accessToken) {
            const token = this.configuration.accessToken;
            const tokenString = await token("bearerAuth", []);

            if (tokenString) {
                headerParameters["Authorization"] = `Bearer ${tokenString}`;
            }
        }

        let urlPath = `/api/notifications/settings`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s notification settings as last saved with `PATCH /api/notifications/settings`; 404 until the first save. 
     * Reads the caller\'s notification settings.
     */
    async getNotificationSettingsRaw(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<NotificationSettings>> {
        const requestOptions = await this.getNotificationSettingsRequestOpts();
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The caller\'s notification settings as last saved with `PATCH /api/notifications/settings`; 404 until the first save. 
     * Reads the caller\'s notification settings.
     */
    async getNotificationSettings(initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<NotificationSettings> {
        const response = await this.getNotificationSettingsRaw(initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for patchNotificationSettings without sending the request
     */
    async patchNotificationSettingsRequestOpts(requestParameters: PatchNotificationSettingsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['notificationSettingsPatch'] == null) {
            throw new runtime.RequiredError(
                'notificationSettingsPatch',
                'Required parameter "notificationSettingsPatch" was null or undefined when calling patchNotificationSettings().'
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

        let urlPath = `/api/notifications/settings`;

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: requestParameters['notificationSettingsPatch'],
        };
    }

    /**
     * Applies the body to the caller\'s notification settings as an RFC 7396 merge patch (see *Merge behaviour of the PATCH operations* above) and answers the whole document; the first patch creates it. The merged document holds at most 256 KiB (413 `document-too-large`, nothing stored). 
     * Updates notification settings; every top-level field is optional.
     */
    async patchNotificationSettingsRaw(requestParameters: PatchNotificationSettingsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<NotificationSettings>> {
        const requestOptions = await this.patchNotificationSettingsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Applies the body to the caller\'s notification settings as an RFC 7396 merge patch (see *Merge behaviour of the PATCH operations* above) and answers the whole document; the first patch creates it. The merged document holds at most 256 KiB (413 `document-too-large`, nothing stored). 
     * Updates notification settings; every top-level field is optional.
     */
    async patchNotificationSettings(requestParameters: PatchNotificationSettingsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<NotificationSettings> {
        const response = await this.patchNotificationSettingsRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
