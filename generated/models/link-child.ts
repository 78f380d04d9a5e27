/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { TextNode } from './text-node.js';
// May contain unused imports in some cases
// @ts-ignore
import type { TextStyle } from './text-style.js';
// May contain unused imports in some cases
// @ts-ignore
import type { TypeOnlyNode } from './type-only-node.js';

/**
 * @type LinkChild
 * A child of a link; a text node or a type-only node.
 */
export type LinkChild = TextNode | TypeOnlyNode;


