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
    NavigationPatch,
    // @ts-ignore: unused where only an error response names it
    NavigationPreferences,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
} from '../models/index.js';

export interface GetNavigationPreferencesRequest {
    /**
     * A 304 with no body while the current representation has one of these
     * entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
     * it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
     * 
     */
    ifNoneMatch?: string;
}

export interface PatchNavigationPreferencesRequest {
    /**
     * 
     */
    navigationPatch: NavigationPatch;
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
export class NavigationApi extends runtime.BaseAPI {

    /**
     * Creates request options for getNavigationPreferences without sending the request
     */
    async getNavigationPreferencesRequestOpts(requestParameters: GetNavigationPreferencesRequest): Promise<runtime.RequestOpts> {
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

        let urlPath = `/api/streams/nav`;

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The caller\'s stream-list preferences as last saved with `PATCH /api/streams/nav`. They exist before the first save, never 404: until then this answers the defaults (the example `defaults`): `pinnedStreamIds`, `pinnedSessionIds` and `archivedStreamIds` empty, `rankByStreamId` and `lastViewedAt` empty maps, `hideStreamTipSeen` false, no `grouping`, `listView`, `sort` or `leftSidebarWidth` (the app\'s own choice), and `updatedAt` `1970-01-01T00:00:00.000Z`, the Unix epoch: never changed. With its `ETag`, so the first save can be conditional too (`If-Match`). 
     * Reads the caller\'s navigation preferences.
     */
    async getNavigationPreferencesRaw(requestParameters: GetNavigationPreferencesRequest = {}, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<NavigationPreferences>> {
        const requestOptions = await this.getNavigationPreferencesRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The caller\'s stream-list preferences as last saved with `PATCH /api/streams/nav`. They exist before the first save, never 404: until then this answers the defaults (the example `defaults`): `pinnedStreamIds`, `pinnedSessionIds` and `archivedStreamIds` empty, `rankByStreamId` and `lastViewedAt` empty maps, `hideStreamTipSeen` false, no `grouping`, `listView`, `sort` or `leftSidebarWidth` (the app\'s own choice), and `updatedAt` `1970-01-01T00:00:00.000Z`, the Unix epoch: never changed. With its `ETag`, so the first save can be conditional too (`If-Match`). 
     * Reads the caller\'s navigation preferences.
     */
    async getNavigationPreferences(requestParameters: GetNavigationPreferencesRequest = {}, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<NavigationPreferences> {
        const response = await this.getNavigationPreferencesRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for patchNavigationPreferences without sending the request
     */
    async patchNavigationPreferencesRequestOpts(requestParameters: PatchNavigationPreferencesRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['navigationPatch'] == null) {
            throw new runtime.RequiredError(
                'navigationPatch',
                'Required parameter "navigationPatch" was null or undefined when calling patchNavigationPreferences().'
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

        let urlPath = `/api/streams/nav`;

        return {
            path: urlPath,
            method: 'PATCH',
            headers: headerParameters,
            query: queryParameters,
            body: requestParameters['navigationPatch'],
        };
    }

    /**
     * Applies the body to the caller\'s preferences as an RFC 7396 merge patch (see *Merge behaviour of the PATCH operations* above) and answers the whole document; the first patch merges into the defaults `GET` answers until then. The merged document holds at most 256 KiB (413 `document-too-large`, nothing stored). 
     * Updates navigation preferences; every field optional.
     */
    async patchNavigationPreferencesRaw(requestParameters: PatchNavigationPreferencesRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<NavigationPreferences>> {
        const requestOptions = await this.patchNavigationPreferencesRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * Applies the body to the caller\'s preferences as an RFC 7396 merge patch (see *Merge behaviour of the PATCH operations* above) and answers the whole document; the first patch merges into the defaults `GET` answers until then. The merged document holds at most 256 KiB (413 `document-too-large`, nothing stored). 
     * Updates navigation preferences; every field optional.
     */
    async patchNavigationPreferences(requestParameters: PatchNavigationPreferencesRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<NavigationPreferences> {
        const response = await this.patchNavigationPreferencesRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
