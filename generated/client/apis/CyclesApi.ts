/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */

import * as runtime from '../runtime.js';
import type {
    // @ts-ignore: unused where only an error response names it
    CycleTemplateDraft,
    // @ts-ignore: unused where only an error response names it
    CycleTemplateDraftInput,
    // @ts-ignore: unused where only an error response names it
    DraftConflictProblem,
    // @ts-ignore: unused where only an error response names it
    HostProblem,
    // @ts-ignore: unused where only an error response names it
    Problem,
    // @ts-ignore: unused where only an error response names it
    QuotaProblem,
} from '../models/index.js';

export interface GetCycleTemplateDraftRequest {
    /**
     * The cycle template's id.
     */
    templateId: string;
    /**
     * A 304 with no body while the current representation has one of these
     * entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
     * it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
     * 
     */
    ifNoneMatch?: string;
}

export interface SaveCycleTemplateDraftRequest {
    /**
     * The cycle template's id.
     */
    templateId: string;
    /**
     * 
     */
    cycleTemplateDraftInput: CycleTemplateDraftInput;
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

/**
 * 
 */
export class CyclesApi extends runtime.BaseAPI {

    /**
     * Creates request options for getCycleTemplateDraft without sending the request
     */
    async getCycleTemplateDraftRequestOpts(requestParameters: GetCycleTemplateDraftRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['templateId'] == null) {
            throw new runtime.RequiredError(
                'templateId',
                'Required parameter "templateId" was null or undefined when calling getCycleTemplateDraft().'
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

        let urlPath = `/api/cycles/templates/{templateId}/draft`;
        urlPath = urlPath.replace('{templateId}', encodeURIComponent(String(requestParameters['templateId'])));

        return {
            path: urlPath,
            method: 'GET',
            headers: headerParameters,
            query: queryParameters,
        };
    }

    /**
     * The template\'s stored draft, shared by every user; 404 when the template has none. Its `updatedAt` is what a save over it names in `expectedDraftUpdatedAt` (see `PUT`). 
     * Reads the draft of a cycle template.
     */
    async getCycleTemplateDraftRaw(requestParameters: GetCycleTemplateDraftRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<CycleTemplateDraft>> {
        const requestOptions = await this.getCycleTemplateDraftRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * The template\'s stored draft, shared by every user; 404 when the template has none. Its `updatedAt` is what a save over it names in `expectedDraftUpdatedAt` (see `PUT`). 
     * Reads the draft of a cycle template.
     */
    async getCycleTemplateDraft(requestParameters: GetCycleTemplateDraftRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<CycleTemplateDraft> {
        const response = await this.getCycleTemplateDraftRaw(requestParameters, initOverrides);
        return await response.value();
    }

    /**
     * Creates request options for saveCycleTemplateDraft without sending the request
     */
    async saveCycleTemplateDraftRequestOpts(requestParameters: SaveCycleTemplateDraftRequest): Promise<runtime.RequestOpts> {
        if (requestParameters['templateId'] == null) {
            throw new runtime.RequiredError(
                'templateId',
                'Required parameter "templateId" was null or undefined when calling saveCycleTemplateDraft().'
            );
        }

        if (requestParameters['cycleTemplateDraftInput'] == null) {
            throw new runtime.RequiredError(
                'cycleTemplateDraftInput',
                'Required parameter "cycleTemplateDraftInput" was null or undefined when calling saveCycleTemplateDraft().'
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

        let urlPath = `/api/cycles/templates/{templateId}/draft`;
        urlPath = urlPath.replace('{templateId}', encodeURIComponent(String(requestParameters['templateId'])));

        return {
            path: urlPath,
            method: 'PUT',
            headers: headerParameters,
            query: queryParameters,
            body: requestParameters['cycleTemplateDraftInput'],
        };
    }

    /**
     * One draft per `templateId`. With `createOnly: true` the save fails with 409 when a draft already exists. With `expectedDraftUpdatedAt` the save succeeds only if it names the same instant as the stored draft\'s `updatedAt` (compared as instants); otherwise, or when no draft exists yet, 409. Every 409 carries the current `updatedAt` (null when there is no draft). `updatedAt` strictly increases on every save. Phase `id`s must be unique within the draft (400 otherwise).  The headers\' preconditions are decided first (RFC 9110 §13.2.2): a save whose `If-Match` or `If-None-Match` does not hold gets 412, whatever `createOnly` and `expectedDraftUpdatedAt` say; only a save whose preconditions hold can get 409. Either way nothing is saved. 
     * Saves the draft of a cycle template.
     */
    async saveCycleTemplateDraftRaw(requestParameters: SaveCycleTemplateDraftRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<runtime.ApiResponse<CycleTemplateDraft>> {
        const requestOptions = await this.saveCycleTemplateDraftRequestOpts(requestParameters);
        const response = await this.request(requestOptions, initOverrides);

        return new runtime.JSONApiResponse(response);
    }

    /**
     * One draft per `templateId`. With `createOnly: true` the save fails with 409 when a draft already exists. With `expectedDraftUpdatedAt` the save succeeds only if it names the same instant as the stored draft\'s `updatedAt` (compared as instants); otherwise, or when no draft exists yet, 409. Every 409 carries the current `updatedAt` (null when there is no draft). `updatedAt` strictly increases on every save. Phase `id`s must be unique within the draft (400 otherwise).  The headers\' preconditions are decided first (RFC 9110 §13.2.2): a save whose `If-Match` or `If-None-Match` does not hold gets 412, whatever `createOnly` and `expectedDraftUpdatedAt` say; only a save whose preconditions hold can get 409. Either way nothing is saved. 
     * Saves the draft of a cycle template.
     */
    async saveCycleTemplateDraft(requestParameters: SaveCycleTemplateDraftRequest, initOverrides?: runtime.CallInit | runtime.InitOverrideFunction): Promise<CycleTemplateDraft> {
        const response = await this.saveCycleTemplateDraftRaw(requestParameters, initOverrides);
        return await response.value();
    }

}
