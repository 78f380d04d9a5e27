/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A block showing an uploaded asset.
 */
export interface AssetBlock {
    /**
     * Node type.
     */
    'type': string;
    /**
     * The asset\'s id; not checked for existence.
     */
    'assetId': string;
    /**
     * The asset\'s file name.
     */
    'fileName': string;
    /**
     * The asset\'s media type.
     */
    'contentType': string;
}

