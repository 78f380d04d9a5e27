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
    IdentitySettings,
    // @ts-ignore: unused where only an error response names it
    IdentitySettingsPatch,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
} from '../models/index.js';

export interface GetIdentitySettingsRequest {
    /**
     * The settings namespace; any non-empty string, percent-encoded.
     */
    namespace: string;
    /**
     * A 304 with no body while the current representation has one of these
     * entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
     * it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
     * 
     */
    ifNoneMatch?: string;
}

export interface PatchIdentitySettingsRequest {
    /**
     * The settings namespace; any non-empty string, percent-encoded.
     */
    namespace: string;
    /**
     * 
     */
    identitySettingsPatch: IdentitySettingsPatch;
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
export class IdentityApi extends runtime.BaseAPI {

    /**
     * Creates request options for getIdentitySettings without sending the request
     */
    async getIdentitySettingsRequestOpts(requestParameters: GetIdentitySettingsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['namespace'] == null) {
            throw new runtime.RequiredError(
                'namespace',
                'Required parameter "namespace" was null or undefined when calling getIdentitySettings().'
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
     * The caller\'s settings in one namespace as last saved with `PATCH`; 404 when the caller has saved nothing there. 
     * Reads the caller\'s identity settings in one namespace.
     */
    async getIdentitySettingsRaw(requestParameters: GetIdentitySettingsRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<IdentitySettings>> {
        const requestOptions = await this.getIdentitySettingsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The caller\'s settings in one namespace as last saved with `PATCH`; 404 when the caller has saved nothing there. 
     * Reads the caller\'s identity settings in one namespace.
     */
    async getIdentitySettings(requestParameters: GetIdentitySettingsRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<IdentitySettings> {
        const response = await this.getIdentitySettingsRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for patchIdentitySettings without sending the request
     */
    async patchIdentitySettingsRequestOpts(requestParameters: PatchIdentitySettingsRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['namespace'] == null) {
            throw new runtime.RequiredError(
                'namespace',
                'Required parameter "namespace" was null or undefined when calling patchIdentitySettings().'
            );
        }

        if (requestParameters['identitySettingsPatch'] == null) {
            throw new runtime.RequiredError(
                'identitySettingsPatch',
                'Required parameter "identitySettingsPatch" was null or undefined when calling patchIdentitySettings().'
            );
        }

        const queryParameters: any = {};

        const headerParameters: runtime.HTTPHeaders = {};

        headerParameters['Content-Type'] = 'application/json';

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
     * Applies the wrapper\'s `patch` member to the namespace\'s `settings` as an RFC 7396 merge patch and answers the namespace; the first patch creates it. Each namespace counts against the caller\'s namespaces quota (403 `quota-exceeded`), and holds at most 256 KiB (413 `document-too-large`); nothing is stored past either. 
     * Patches identity settings in one namespace.
     */
    async patchIdentitySettingsRaw(requestParameters: PatchIdentitySettingsRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<IdentitySettings>> {
        const requestOptions = await this.patchIdentitySettingsRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Applies the wrapper\'s `patch` member to the namespace\'s `settings` as an RFC 7396 merge patch and answers the namespace; the first patch creates it. Each namespace counts against the caller\'s namespaces quota (403 `quota-exceeded`), and holds at most 256 KiB (413 `document-too-large`); nothing is stored past either. 
     * Patches identity settings in one namespace.
     */
    async patchIdentitySettings(requestParameters: PatchIdentitySettingsRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<IdentitySettings> {
        const response = await this.patchIdentitySettingsRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
