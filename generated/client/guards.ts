/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by scripts/client/extras.ts.
 * Do not edit: change openapi.yaml or scripts/client/ and run `make generate`.
 */
import type { AssetBlock, CodeBlockElement, ComponentBlock, LinkNode, ListElement, MarkdownBlock, ParagraphElement, RichTextBlock, TableElement, TextNode, TriggerNode, TypeOnlyNode } from './schema.js';

// The content tree's variants overlap (every node is also a TypeOnlyNode), and two
// variants that require the same members (a ParagraphElement and a TableElement both
// have children) are told apart only by `type` ('paragraph', 'table', as seen).

function has(node: unknown, member: string, test: (value: unknown) => boolean): boolean {
    return typeof node === 'object' && node !== null && test((node as Record<string, unknown>)[member]);
}

function optional(node: unknown, member: string, test: (value: unknown) => boolean): boolean {
    return has(node, member, (value) => value === undefined || test(value));
}

/** Whether `node` has the members a AssetBlock requires, and its other members their types (a variant of Block). */
export function isAssetBlock(node: unknown): node is AssetBlock {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'assetId', (value) => typeof value === 'string')
        && has(node, 'fileName', (value) => typeof value === 'string')
        && has(node, 'contentType', (value) => typeof value === 'string');
}

/** Whether `node` has the members a CodeBlockElement requires, and its other members their types (a variant of Element). */
export function isCodeBlockElement(node: unknown): node is CodeBlockElement {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'code', (value) => typeof value === 'string')
        && optional(node, 'language', (value) => typeof value === 'string');
}

/** Whether `node` has the members a ComponentBlock requires, and its other members their types (a variant of Block). */
export function isComponentBlock(node: unknown): node is ComponentBlock {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'component', (value) => typeof value === 'string')
        && has(node, 'options', (value) => Array.isArray(value));
}

/** Whether `node` has the members a LinkNode requires, and its other members their types (a variant of InlineNode). */
export function isLinkNode(node: unknown): node is LinkNode {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'url', (value) => typeof value === 'string')
        && has(node, 'children', (value) => Array.isArray(value));
}

/** Whether `node` has the members a ListElement requires, and its other members their types (a variant of Element, ListItemChild). */
export function isListElement(node: unknown): node is ListElement {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'listType', (value) => typeof value === 'string')
        && has(node, 'children', (value) => Array.isArray(value))
        && optional(node, 'start', (value) => typeof value === 'number');
}

/** Whether `node` has the members a MarkdownBlock requires, and its other members their types (a variant of Block). */
export function isMarkdownBlock(node: unknown): node is MarkdownBlock {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'markdown', (value) => typeof value === 'string');
}

/** Whether `node` has the members a ParagraphElement requires, and its other members their types (a variant of Element). */
export function isParagraphElement(node: unknown): node is ParagraphElement {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'children', (value) => Array.isArray(value))
        && optional(node, 'direction', (value) => typeof value === 'string');
}

/** Whether `node` has the members a RichTextBlock requires, and its other members their types (a variant of Block). */
export function isRichTextBlock(node: unknown): node is RichTextBlock {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'elements', (value) => Array.isArray(value));
}

/** Whether `node` has the members a TableElement requires, and its other members their types (a variant of Element). */
export function isTableElement(node: unknown): node is TableElement {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'children', (value) => Array.isArray(value));
}

/** Whether `node` has the members a TextNode requires, and its other members their types (a variant of InlineNode, LinkChild). */
export function isTextNode(node: unknown): node is TextNode {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'text', (value) => typeof value === 'string')
        && optional(node, 'style', (value) => typeof value === 'object' && value !== null);
}

/** Whether `node` has the members a TriggerNode requires, and its other members their types (a variant of InlineNode). */
export function isTriggerNode(node: unknown): node is TriggerNode {
    return has(node, 'type', (value) => typeof value === 'string')
        && has(node, 'triggerName', (value) => typeof value === 'string');
}

/** Whether `node` has the members a TypeOnlyNode requires, and its other members their types (a variant of InlineNode, LinkChild). */
export function isTypeOnlyNode(node: unknown): node is TypeOnlyNode {
    return has(node, 'type', (value) => typeof value === 'string');
}
