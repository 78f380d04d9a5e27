/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { ListItemChild } from './list-item-child.js';

/**
 * One list item.
 */
export interface ListItem {
    /**
     * Node type.
     */
    'type': string;
    /**
     * Checkbox state of a task item.
     */
    'checked'?: boolean;
    /**
     * Inline nodes, or nested lists.
     */
    'children': Array<ListItemChild>;
}

