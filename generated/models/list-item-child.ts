/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { InlineNode } from './inline-node.js';
// May contain unused imports in some cases
// @ts-ignore
import type { ListElement } from './list-element.js';
// May contain unused imports in some cases
// @ts-ignore
import type { ListItem } from './list-item.js';
// May contain unused imports in some cases
// @ts-ignore
import type { TextStyle } from './text-style.js';

/**
 * @type ListItemChild
 * A child of a list item; an inline node or a nested list.
 */
export type ListItemChild = InlineNode | ListElement;


