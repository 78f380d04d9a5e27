/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A block of Markdown text.
 */
export interface MarkdownBlock {
    /**
     * Node type.
     */
    'type': string;
    /**
     * Markdown source.
     */
    'markdown': string;
}

