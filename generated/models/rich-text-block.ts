/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { Element } from './element.js';

/**
 * A block of rich-text elements (`type` seen as `rich_text`).
 */
export interface RichTextBlock {
    /**
     * Node type.
     */
    'type': string;
    /**
     * The block\'s elements.
     */
    'elements': Array<Element>;
}

