/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { CodeBlockElement } from './code-block-element.js';
// May contain unused imports in some cases
// @ts-ignore
import type { ListElement } from './list-element.js';
// May contain unused imports in some cases
// @ts-ignore
import type { ParagraphElement } from './paragraph-element.js';
// May contain unused imports in some cases
// @ts-ignore
import type { TableElement } from './table-element.js';
// May contain unused imports in some cases
// @ts-ignore
import type { TableRow } from './table-row.js';

/**
 * @type Element
 * One element of a rich-text block; the variants overlap and are alternatives in the `anyOf` sense.
 */
export type Element = ParagraphElement | ListElement | CodeBlockElement | TableElement;


