/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */

import * as runtime from '../runtime.js';
import type {
    // @ts-ignore: unused where only an error response names it
    IdentitySettings,
    // @ts-ignore: unused where only an error response names it
    IdentitySettingsPatch,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
} from '../models/index.js';

export interface SettingsControllerGetSettingsRequest {
    /**
     * The settings namespace; any non-empty string, percent-encoded.
     */
    namespace: string;
}

export interface SettingsControllerPatchSettingsRequest {
    /**
     * The settings namespace; any non-empty string, percent-encoded.
     */
    namespace: string;
    /**
     * 
     */
    identitySettingsPatch: IdentitySettingsPatch;
}

/**
 * 
 */
export class IdentityApi extends runtime.BaseAPI {

    /**
     * Creates request options for settingsControllerGetSettings without sending the request
     */
    async settingsControllerGetSettingsRequestOpts(requestParameters: SettingsControllerGetSettingsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['namespace'] == null) {
            throw new runtime.RequiredError(
                'namespace',
                'Required parameter "namespace" was null or undefined when calling settingsControllerGetSettings().'
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

        let urlPath = `/api/identity/settings/{namespace}`;
        urlPath = urlPath.replace('{namespace}', encodeURIComponent(String(requestParameters['namespace'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * Reads the caller\'s identity settings in one namespace.
     */
    async settingsControllerGetSettingsRaw(requestParameters: SettingsControllerGetSettingsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<IdentitySettings>> {
        const requestOptions = await this.settingsControllerGetSettingsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Reads the caller\'s identity settings in one namespace.
     */
    async settingsControllerGetSettings(requestParameters: SettingsControllerGetSettingsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<IdentitySettings> {
        const response = await this.settingsControllerGetSettingsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for settingsControllerPatchSettings without sending the request
     */
    async settingsControllerPatchSettingsRequestOpts(requestParameters: SettingsControllerPatchSettingsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['namespace'] == null) {
            throw new runtime.RequiredError(
                'namespace',
                'Required parameter "namespace" was null or undefined when calling settingsControllerPatchSettings().'
            );
        }

        if (requestParameters['identitySettingsPatch'] == null) {
            throw new runtime.RequiredError(
                'identitySettingsPatch',
                'Required parameter "identitySettingsPatch" was null or undefined when calling settingsControllerPatchSettings().'
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

        let urlPath = `/api/identity/settings/{namespace}`;
        urlPath = urlPath.replace('{namespace}', encodeURIComponent(String(requestParameters['namespace'])));

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: requestParameters['identitySettingsPatch'],
        };
    }

    /**
     * Patches identity settings in one namespace.
     */
    async settingsControllerPatchSettingsRaw(requestParameters: SettingsControllerPatchSettingsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<IdentitySettings>> {
        const requestOptions = await this.settingsControllerPatchSettingsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Patches identity settings in one namespace.
     */
    async settingsControllerPatchSettings(requestParameters: SettingsControllerPatchSettingsRequest, initOverrides?: RequestInit | runtime.InitOverrideFunction): Promise<IdentitySettings> {
        const response = await this.settingsControllerPatchSettingsRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
