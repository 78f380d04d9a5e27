/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { TextStyle } from './text-style.js';

/**
 * A run of text (`type` seen as `text`).
 */
export interface TextNode {
    /**
     * Node type.
     */
    'type': string;
    /**
     * The text.
     */
    'text': string;
    'style'?: TextStyle;
}

