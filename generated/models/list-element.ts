/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { ListItem } from './list-item.js';

/**
 * A list; lists nest through their items.
 */
export interface ListElement {
    /**
     * Node type.
     */
    'type': string;
    /**
     * Kind of list.
     */
    'listType': string;
    /**
     * Number of the first item.
     */
    'start'?: number;
    /**
     * The list\'s items.
     */
    'children': Array<ListItem>;
}

