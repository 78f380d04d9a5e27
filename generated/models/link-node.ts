/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { LinkChild } from './link-child.js';

/**
 * A link around inline nodes.
 */
export interface LinkNode {
    /**
     * Node type.
     */
    'type': string;
    /**
     * The link target.
     */
    'url': string;
    /**
     * The link\'s content; text nodes or type-only nodes.
     */
    'children': Array<LinkChild>;
}

