/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { TableCell } from './table-cell.js';

/**
 * One row of a table-like container.
 */
export interface TableRow {
    /**
     * Node type.
     */
    'type': string;
    /**
     * The row\'s cells.
     */
    'children': Array<TableCell>;
}

