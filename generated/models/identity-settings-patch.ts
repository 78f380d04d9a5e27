/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A merge patch of one namespace of identity settings.
 */
export interface IdentitySettingsPatch {
    /**
     * Free-form map from key to any value; merged per key as a JSON merge patch, `null` removes a key.
     */
    'patch': { [key: string]: unknown; };
}

