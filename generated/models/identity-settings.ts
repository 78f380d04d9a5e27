/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * One namespace of the caller\'s identity settings.
 */
export interface IdentitySettings {
    /**
     * The namespace.
     */
    'namespace': string;
    /**
     * The settings after all merges.
     */
    'settings': { [key: string]: unknown; };
    /**
     * When the namespace last changed (a patch that changes nothing leaves it).
     */
    'updatedAt': string;
}

