/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * Styling of a text node.
 */
export interface TextStyle {
    /**
     * Bold.
     */
    'bold'?: boolean;
    /**
     * Italic.
     */
    'italic'?: boolean;
    /**
     * Struck through.
     */
    'strikethrough'?: boolean;
    /**
     * Inline code.
     */
    'code'?: boolean;
}

