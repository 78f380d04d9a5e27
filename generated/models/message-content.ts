/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { Block } from './block.js';

/**
 * Structured rich-text content; a tree of nodes, each with a string `type`.
 */
export interface MessageContent {
    /**
     * Top-level blocks, in order.
     */
    'blocks': Array<Block>;
}

