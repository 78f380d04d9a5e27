/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { TableRow } from './table-row.js';

/**
 * A table-like container of rows.
 */
export interface TableElement {
    /**
     * Node type.
     */
    'type': string;
    /**
     * The rows.
     */
    'children': Array<TableRow>;
}

