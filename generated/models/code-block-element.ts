/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A block of code.
 */
export interface CodeBlockElement {
    /**
     * Node type.
     */
    'type': string;
    /**
     * The code\'s language.
     */
    'language'?: string;
    /**
     * The code.
     */
    'code': string;
}

