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
 * A stored message; absent from a stream created without one.
 */
export interface Message {
    /**
     * Server-made id (UUID v7).
     */
    'id': string;
    /**
     * User id of the author.
     */
    'authorId': string;
    'content': MessageContent;
    /**
     * Identifiers of attached assets, as given; empty when none were given.
     */
    'assetIds': Array<string>;
    /**
     * When the message was created.
     */
    'createdAt': string;
}

