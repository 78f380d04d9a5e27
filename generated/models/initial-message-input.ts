/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { MessageContent } from './message-content.js';

/**
 * The stream\'s first message.
 */
export interface InitialMessageInput {
    'content': MessageContent;
    /**
     * Identifiers of attached assets; not checked for existence.
     */
    'assetIds'?: Array<string>;
}

