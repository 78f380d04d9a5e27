/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { InlineNode } from './inline-node.js';

/**
 * A paragraph of inline nodes (`type` seen as `paragraph`).
 */
export interface ParagraphElement {
    /**
     * Node type.
     */
    'type': string;
    /**
     * Writing direction.
     */
    'direction'?: string;
    /**
     * The paragraph\'s inline nodes.
     */
    'children': Array<InlineNode>;
}

