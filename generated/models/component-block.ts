/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A block rendered by a named client component.
 */
export interface ComponentBlock {
    /**
     * Node type.
     */
    'type': string;
    /**
     * The component\'s name.
     */
    'component': string;
    /**
     * The component\'s options.
     */
    'options': Array<string>;
}

