/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { Message } from './message.js';

/**
 * A stream as stored.
 */
export interface Stream {
    /**
     * Server-made id (UUID v7).
     */
    'id': string;
    /**
     * The stream\'s title.
     */
    'title': string;
    /**
     * Who can read the stream, as given at creation; absent when not given. Exactly `public` means every authenticated user; any other value, or none, means its members only.
     */
    'visibility'?: string;
    /**
     * User ids of the members, who can read the stream whatever its `visibility`; the creator first, then `memberUserIds` in order, without duplicates.
     */
    'members': Array<string>;
    /**
     * User id of the creator.
     */
    'createdBy': string;
    /**
     * When the stream was created.
     */
    'createdAt': string;
    'initialMessage'?: Message;
}

