/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { AssetBlock } from './asset-block.js';
// May contain unused imports in some cases
// @ts-ignore
import type { ComponentBlock } from './component-block.js';
// May contain unused imports in some cases
// @ts-ignore
import type { Element } from './element.js';
// May contain unused imports in some cases
// @ts-ignore
import type { MarkdownBlock } from './markdown-block.js';
// May contain unused imports in some cases
// @ts-ignore
import type { RichTextBlock } from './rich-text-block.js';

/**
 * @type Block
 * One block; the variants overlap and are alternatives in the `anyOf` sense.
 */
export type Block = RichTextBlock | MarkdownBlock | AssetBlock | ComponentBlock;


