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
 * One cell of a row.
 */
export interface TableCell {
    /**
     * Node type.
     */
    'type': string;
    /**
     * Horizontal alignment.
     */
    'align'?: string;
    /**
     * The cell\'s inline nodes.
     */
    'children': Array<InlineNode>;
}

