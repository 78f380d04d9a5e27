/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { LinkChild } from './link-child.js';
// May contain unused imports in some cases
// @ts-ignore
import type { LinkNode } from './link-node.js';
// May contain unused imports in some cases
// @ts-ignore
import type { TextNode } from './text-node.js';
// May contain unused imports in some cases
// @ts-ignore
import type { TextStyle } from './text-style.js';
// May contain unused imports in some cases
// @ts-ignore
import type { TriggerNode } from './trigger-node.js';
// May contain unused imports in some cases
// @ts-ignore
import type { TypeOnlyNode } from './type-only-node.js';

/**
 * @type InlineNode
 * An inline node; the variants overlap (every node is also a type-only node) and are alternatives in the `anyOf` sense.
 */
export type InlineNode = TextNode | LinkNode | TypeOnlyNode | TriggerNode;


